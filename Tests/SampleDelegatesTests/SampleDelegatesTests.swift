// Tests for SampleDelegates.
