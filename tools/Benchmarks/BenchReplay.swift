// Benchmark 'replay': lands with its issue.

func benchReplay(_ arguments: [String]) throws { throw NotYetBuilt() }
