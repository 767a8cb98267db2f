// Benchmark 'solver': lands with its issue.

func benchSolver(_ arguments: [String]) throws { throw NotYetBuilt() }
