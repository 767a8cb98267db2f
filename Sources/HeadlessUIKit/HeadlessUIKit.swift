// Module HeadlessUIKit: implementation lands with its issue.
