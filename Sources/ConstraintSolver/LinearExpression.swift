// LinearExpression: `constant + sum(coefficient * variable)`, and its arithmetic.

/// A linear expression over variables: `constant + sum(terms)`.
///
/// Named `LinearExpression` because Foundation has an `Expression` and clients import both.
/// Build it with `+`, `-` between `Variable`, `Term`, `LinearExpression` and `Double`, and
/// `*`, `/` by a `Double`: `x + y - 100`, `x - 2 * y`, `(a + b) / 2`.
public struct LinearExpression: CustomStringConvertible {
  public var terms: [Term]
  public var constant: Double

  public init(_ terms: [Term] = [], constant: Double = 0) {
    self.terms = terms
    self.constant = constant
  }

  public init(_ variable: Variable) {
    self.init([Term(variable)])
  }

  public init(_ term: Term) {
    self.init([term])
  }

  public init(_ constant: Double) {
    self.init([], constant: constant)
  }

  /// `constant + sum(coefficient * variable.value)`, with the variables' current values.
  public var value: Double {
    terms.reduce(constant) { $0 + $1.value }
  }

  /// The same expression with each variable's terms summed into one, in first-use order.
  public var reduced: LinearExpression {
    var order: [Variable] = []
    var sums: [ObjectIdentifier: Double] = [:]
    for term in terms {
      let key = ObjectIdentifier(term.variable)
      if let sum = sums[key] {
        sums[key] = sum + term.coefficient
      } else {
        sums[key] = term.coefficient
        order.append(term.variable)
      }
    }
    let merged = order.map { Term($0, sums[ObjectIdentifier($0)] ?? 0) }
    return LinearExpression(merged, constant: constant)
  }

  public var description: String {
    var parts = terms.map(\.description)
    if constant != 0 || parts.isEmpty { parts.append(formatNumber(constant)) }
    return parts.joined(separator: " + ")
  }
}

// MARK: - Scaling

public func * (lhs: LinearExpression, rhs: Double) -> LinearExpression {
  LinearExpression(
    lhs.terms.map { Term($0.variable, $0.coefficient * rhs) }, constant: lhs.constant * rhs)
}
public func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs * lhs }
public func / (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs * (1.0 / rhs) }
public prefix func - (operand: LinearExpression) -> LinearExpression { operand * -1 }

public func * (lhs: Variable, rhs: Double) -> LinearExpression {
  LinearExpression(Term(lhs, rhs))
}
public func * (lhs: Double, rhs: Variable) -> LinearExpression { rhs * lhs }
public func / (lhs: Variable, rhs: Double) -> LinearExpression { lhs * (1.0 / rhs) }
public prefix func - (operand: Variable) -> LinearExpression { operand * -1 }

public func * (lhs: Term, rhs: Double) -> Term { Term(lhs.variable, lhs.coefficient * rhs) }
public func * (lhs: Double, rhs: Term) -> Term { rhs * lhs }
public func / (lhs: Term, rhs: Double) -> Term { lhs * (1.0 / rhs) }
public prefix func - (operand: Term) -> Term { operand * -1 }

// MARK: - Sums of expressions

public func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
  LinearExpression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
}
public func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs + -rhs }

public func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
  LinearExpression(lhs.terms, constant: lhs.constant + rhs)
}
public func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs + lhs }
public func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs + -rhs }
public func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { -rhs + lhs }

public func + (lhs: LinearExpression, rhs: Variable) -> LinearExpression {
  lhs + LinearExpression(rhs)
}
public func + (lhs: Variable, rhs: LinearExpression) -> LinearExpression {
  LinearExpression(lhs) + rhs
}
public func - (lhs: LinearExpression, rhs: Variable) -> LinearExpression {
  lhs + LinearExpression(Term(rhs, -1))
}
public func - (lhs: Variable, rhs: LinearExpression) -> LinearExpression {
  LinearExpression(lhs) - rhs
}

public func + (lhs: LinearExpression, rhs: Term) -> LinearExpression {
  lhs + LinearExpression(rhs)
}
public func + (lhs: Term, rhs: LinearExpression) -> LinearExpression {
  LinearExpression(lhs) + rhs
}
public func - (lhs: LinearExpression, rhs: Term) -> LinearExpression { lhs + -rhs }
public func - (lhs: Term, rhs: LinearExpression) -> LinearExpression {
  LinearExpression(lhs) - rhs
}

// MARK: - Sums of variables and terms

public func + (lhs: Variable, rhs: Variable) -> LinearExpression {
  LinearExpression([Term(lhs), Term(rhs)])
}
public func - (lhs: Variable, rhs: Variable) -> LinearExpression {
  LinearExpression([Term(lhs), Term(rhs, -1)])
}
public func + (lhs: Variable, rhs: Double) -> LinearExpression {
  LinearExpression([Term(lhs)], constant: rhs)
}
public func + (lhs: Double, rhs: Variable) -> LinearExpression { rhs + lhs }
public func - (lhs: Variable, rhs: Double) -> LinearExpression { lhs + -rhs }
public func - (lhs: Double, rhs: Variable) -> LinearExpression {
  LinearExpression([Term(rhs, -1)], constant: lhs)
}

public func + (lhs: Term, rhs: Term) -> LinearExpression { LinearExpression([lhs, rhs]) }
public func - (lhs: Term, rhs: Term) -> LinearExpression { LinearExpression([lhs, -rhs]) }
public func + (lhs: Term, rhs: Variable) -> LinearExpression {
  LinearExpression([lhs, Term(rhs)])
}
public func + (lhs: Variable, rhs: Term) -> LinearExpression {
  LinearExpression([Term(lhs), rhs])
}
public func - (lhs: Term, rhs: Variable) -> LinearExpression {
  LinearExpression([lhs, Term(rhs, -1)])
}
public func - (lhs: Variable, rhs: Term) -> LinearExpression {
  LinearExpression([Term(lhs), -rhs])
}
public func + (lhs: Term, rhs: Double) -> LinearExpression {
  LinearExpression([lhs], constant: rhs)
}
public func + (lhs: Double, rhs: Term) -> LinearExpression { rhs + lhs }
public func - (lhs: Term, rhs: Double) -> LinearExpression { lhs + -rhs }
public func - (lhs: Double, rhs: Term) -> LinearExpression {
  LinearExpression([-rhs], constant: lhs)
}
