// Tests for EventLog.
