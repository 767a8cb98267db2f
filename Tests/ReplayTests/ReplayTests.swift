// Tests for Replay.
