// Tests for HeadlessUIKit.
