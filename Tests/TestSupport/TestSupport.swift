// Shared test fixtures: fresh temp databases, fixture paths.
