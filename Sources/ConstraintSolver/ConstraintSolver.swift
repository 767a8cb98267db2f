// Module ConstraintSolver: implementation lands with its issue.
