// Benchmark 'eventlog': lands with its issue.
struct NotYetBuilt: Error, CustomStringConvertible {
  var description: String { "this benchmark is not built yet" }
}

func benchEventLog(_ arguments: [String]) throws { throw NotYetBuilt() }
