import SessionEvents
import SeededRandom

// Built-in synthetic routes, so a fresh machine without network or route files can record
// trips: short drives with turns, speed-limit changes, missing limit data and prompts.

/// A built-in route: its name, what it is for, and how to draw it.
public struct BuiltinRoute: Sendable {
  public var name: String
  public var summary: String
  let sketch: @Sendable () -> RouteSketch

  /// Draws the route.
  public func makeRoute() -> Route { sketch().makeRoute() }
}

/// The catalogue of built-in routes.
public enum BuiltinRoutes {
  /// Every built-in route, in the order `navsim record --list-builtin` shows them.
  /// Summaries leave out the length: the catalogue prints the built route's own.
  public static let all: [BuiltinRoute] = [
    BuiltinRoute(
      name: "city-commute",
      summary:
        "across town, two legs, 30/50/60 km/h limits, roundabout, overlapping prompts",
      sketch: { cityCommute }),
    BuiltinRoute(
      name: "highway",
      summary: "motorway: ramps, 100/120 km/h, a stretch without limit data, speed cameras",
      sketch: { highway }),
    BuiltinRoute(
      name: "park-loop",
      summary: "a loop through a park district, six turns, one incident",
      sketch: { parkLoop }),
    BuiltinRoute(
      name: "old-town",
      summary: "narrow streets, 20/30 km/h, tight turns, traffic and an incident",
      sketch: { oldTown }),
    BuiltinRoute(
      name: "rtl-city",
      summary: "Dubai, with Arabic road names and prompt texts",
      sketch: { rtlCity }),
    BuiltinRoute(
      name: "long-haul",
      summary:
        "motorway and towns, 10 hours at speed (benchmarks, long recordings)",
      sketch: { longHaul }),
  ]

  /// The built-in route called `name`.
  /// - Throws: `NavigatorError` listing the known names.
  public static func route(named name: String) throws -> Route {
    guard let builtin = all.first(where: { $0.name == name }) else {
      throw NavigatorError(
        source: "builtin '\(name)'",
        "unknown built-in route (known: \(all.map(\.name).joined(separator: ", ")))")
    }
    return builtin.makeRoute()
  }

  // MARK: - Routes

  static var cityCommute: RouteSketch {
    RouteSketch(
      name: "city-commute", start: GeoCoordinate(latitude: 47.3702, longitude: 8.5257), heading: 90,
      roads: [
        .init(turn: 0, name: "Sonnenbergstrasse", length: 350, limit: 30),
        .init(turn: 90, name: "Hauptstrasse", length: 900, limit: 50),
        .init(
          turn: -90, name: "Seestrasse", length: 1200, limit: 50, curve: 20,
          lanes: "normalLeft*|straight|straight,normalRight"),
        .init(turn: 40, name: "Schulweg", length: 300, limit: 30, waypoint: true),
        .init(turn: -95, name: "Bergstrasse", length: 700, limit: 30),
        .init(
          turn: 60, name: "Ringstrasse", length: 800, limit: 50, maneuver: "roundabout",
          roundaboutExit: 2),
        .init(
          turn: 90, name: "Industriestrasse", length: 1400, limit: 60,
          lanes: "normalLeft|straight|normalRight*"),
        .init(turn: -130, name: "Bürostrasse", length: 250, limit: 30),
      ],
      points: [
        .init(road: 2, offset: 300, kind: .traffic, text: "Slow traffic on Seestrasse"),
        .init(road: 2, offset: 750, kind: .incident, text: "Accident reported ahead"),
        .init(road: 5, offset: 450, kind: .incident, text: "Road works: lane closed"),
        .init(road: 6, offset: 700, kind: .speedCamera, text: "Speed camera, 60 km/h"),
      ])
  }

  static var highway: RouteSketch {
    RouteSketch(
      name: "highway", start: GeoCoordinate(latitude: 47.4150, longitude: 8.5500), heading: 20,
      roads: [
        .init(turn: 0, name: "Zufahrtsstrasse", length: 400, limit: 50),
        .init(
          turn: 30, name: "A1", length: 3000, limit: 100, maneuver: "on-ramp-slight-right",
          curve: -25),
        .init(turn: 0, name: "A1", length: 8000, limit: 120, maneuver: "continue", curve: 15),
        .init(turn: 0, name: "A1", length: 5000, limit: nil, maneuver: "continue", curve: -10),
        .init(turn: 0, name: "A1", length: 4000, limit: 120, maneuver: "continue"),
        .init(
          turn: 25, name: "Ausfahrt Winterthur", length: 600, limit: 80,
          maneuver: "off-ramp-slight-right", curve: 60,
          lanes: "straight|straight|straight,slightRight*|slightRight*", exit: "68"),
        .init(turn: 90, name: "Landstrasse", length: 2500, limit: 80),
        .init(turn: -90, name: "Frauenfelderstrasse", length: 500, limit: 50),
      ],
      points: [
        .init(road: 2, offset: 2500, kind: .speedCamera, text: "Speed camera, 120 km/h"),
        .init(road: 3, offset: 2000, kind: .speedCamera, text: "Speed camera"),
        .init(
          road: 3, offset: 4200, kind: .incident, text: "Broken-down vehicle on the hard shoulder"),
        .init(road: 4, offset: 3000, kind: .speedCamera, text: "Average speed check"),
        .init(road: 6, offset: 1200, kind: .traffic, text: "Queue ahead"),
      ],
      spacing: 50, turnRadius: 40)
  }

  static var parkLoop: RouteSketch {
    RouteSketch(
      name: "park-loop", start: GeoCoordinate(latitude: 52.5145, longitude: 13.3501), heading: 0,
      roads: [
        .init(turn: 0, name: "Parkallee", length: 500, limit: 50),
        .init(turn: 90, name: "Lindenweg", length: 450, limit: 30),
        .init(turn: 90, name: "Teichstrasse", length: 600, limit: 50, curve: 30),
        .init(turn: -70, name: "Rosengarten", length: 350, limit: 30),
        .init(turn: 100, name: "Kastanienweg", length: 500, limit: 30),
        .init(turn: 80, name: "Parkallee", length: 450, limit: 50),
        .init(turn: -45, name: "Parkplatz Nord", length: 150, limit: 20),
      ],
      points: [
        .init(road: 2, offset: 350, kind: .incident, text: "Fallen tree: road narrows")
      ])
  }

  static var oldTown: RouteSketch {
    RouteSketch(
      name: "old-town", start: GeoCoordinate(latitude: 50.0870, longitude: 14.4208), heading: 200,
      roads: [
        .init(turn: 0, name: "Celetná", length: 300, limit: 30),
        .init(turn: -100, name: "Železná", length: 250, limit: 20),
        .init(turn: 110, name: "Rytířská", length: 400, limit: 30),
        .init(turn: -60, name: "Národní", length: 900, limit: 50, curve: -15),
        .init(turn: 135, name: "Spálená", length: 600, limit: 30),
        .init(turn: -90, name: "Myslíkova", length: 700, limit: 50),
        .init(turn: -90, name: "Masarykovo nábřeží", length: 700, limit: 50, curve: 25),
        .init(turn: 120, name: "Pštrossova", length: 150, limit: 20),
      ],
      points: [
        .init(road: 3, offset: 400, kind: .traffic, text: "Heavy traffic on Národní"),
        .init(road: 3, offset: 700, kind: .incident, text: "Tram stopped on the road"),
        .init(road: 6, offset: 300, kind: .speedCamera, text: "Speed camera, 50 km/h"),
      ],
      turnRadius: 8)
  }

  static var rtlCity: RouteSketch {
    RouteSketch(
      name: "rtl-city", start: GeoCoordinate(latitude: 25.2048, longitude: 55.2708), heading: 45,
      roads: [
        .init(turn: 0, name: "شارع الشيخ زايد", length: 1500, limit: 80),
        .init(
          turn: 35, name: "شارع الصفا", length: 700, limit: 60, maneuver: "off-ramp-slight-right",
          lanes: "straight|straight|slightRight*", exit: "43"),
        .init(turn: -90, name: "شارع الوصل", length: 1300, limit: 60),
        .init(turn: 90, name: "شارع الجميرا", length: 1000, limit: 60, curve: -20),
        .init(turn: -90, name: "شارع البحر", length: 400, limit: 40),
      ],
      points: [
        .init(road: 0, offset: 1100, kind: .speedCamera, text: "كاميرا مراقبة السرعة"),
        .init(road: 2, offset: 600, kind: .traffic, text: "ازدحام مروري في شارع الوصل"),
        .init(road: 2, offset: 900, kind: .incident, text: "حادث على الطريق"),
      ])
  }

  /// About 1150 km, 10 hours: motorway stretches of 20-60 km with gentle curves and varied
  /// limits, a town every 150 km, a speed camera every 25 km, incidents and traffic now and
  /// then. Drawn from a fixed seed, so it is the same everywhere.
  static var longHaul: RouteSketch {
    var generator = SeededGenerator(seed: 0x1_0000_0000)
    var roads: [RouteSketch.Road] = [.init(turn: 0, name: "Zubringer", length: 1500, limit: 60)]
    var points: [RouteSketch.Point] = []
    let limits: [Double?] = [130, 120, nil, 100, 130, 110]
    var travelled = 1500.0
    var sinceTown = 0.0
    while travelled < 1_150_000 {
      if sinceTown > 150_000 {
        roads.append(
          .init(
            turn: 30, name: "Ortsdurchfahrt", length: 3000, limit: 50,
            maneuver: "off-ramp-slight-right"))
        roads.append(
          .init(
            turn: -30, name: "A\(roads.count)", length: 2000, limit: 100,
            maneuver: "on-ramp-slight-left"))
        travelled += 5000
        sinceTown = 0
        continue
      }
      let length = 20_000 + generator.unit() * 40_000
      let limit = limits[Int(generator.next() % UInt64(limits.count))]
      roads.append(
        .init(
          turn: 0, name: "A\(roads.count / 4 + 1)", length: length, limit: limit,
          maneuver: "continue", curve: generator.symmetric() * 40))
      var offset = 12_500.0
      while offset < length {
        points.append(
          .init(road: roads.count - 1, offset: offset, kind: .speedCamera, text: "Speed camera"))
        offset += 25_000
      }
      if generator.unit() < 0.3 {
        points.append(
          .init(
            road: roads.count - 1, offset: length / 2 + 3000, kind: .incident,
            text: "Incident reported"))
      }
      if generator.unit() < 0.2 {
        points.append(
          .init(road: roads.count - 1, offset: length / 3, kind: .traffic, text: "Slow traffic"))
      }
      travelled += length
      sinceTown += length
    }
    roads.append(
      .init(turn: 35, name: "Ausfahrt", length: 800, limit: 80, maneuver: "off-ramp-slight-right"))
    roads.append(.init(turn: 90, name: "Hafenstrasse", length: 1000, limit: 50))
    points.sort { ($0.road, $0.offset) < ($1.road, $1.offset) }
    return RouteSketch(
      name: "long-haul", start: GeoCoordinate(latitude: 46.0, longitude: 2.0), heading: 0,
      roads: roads, points: points, spacing: 100, turnRadius: 40)
  }
}
