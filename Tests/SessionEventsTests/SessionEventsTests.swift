// Tests for SessionEvents.
