// Benchmark 'record': lands with its issue.

func benchRecord(_ arguments: [String]) throws { throw NotYetBuilt() }
