// Tests for Navigator.
