// The system font's published metrics, which the measured text takes its line heights and
// tracking from (the glyph advances come from Inter, TextShaper).

import Foundation

/// SF Pro's vertical metrics and tracking, as fractions of the point size.
///
/// * Vertical: ascender 1950 and descender 494 units of a 2048-unit em, so one line of the
///   17 pt system font is 20.287109375 pt, the figure UIKit reports (public tests'
///   `NSAttributedString` sizes and `UILabel` measures of 17 pt text); cap height 1443 and
///   x-height 1078 units.
/// * Tracking: Apple's Human Interface Guidelines, Typography, "Tracking values" for SF Pro,
///   in thousandths of an em per point size, applied per character as Core Text applies the
///   font's tracking table; sizes between the listed ones interpolate.
enum SystemFontMetrics {
  static let ascender = 1950.0 / 2048
  static let descender = 494.0 / 2048
  static let capHeight = 1443.0 / 2048
  static let xHeight = 1078.0 / 2048

  /// (point size, tracking in 1/1000 em) from the guidelines' table.
  private static let trackingTable: [(Double, Double)] = [
    (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11),
    (15, -16), (16, -20), (17, -26), (18, -25), (19, -25), (20, -23), (21, -18), (22, -12),
    (23, -4), (24, 3), (25, 6), (26, 8), (27, 11), (28, 14), (29, 14), (30, 14), (31, 13),
    (32, 13), (33, 12), (34, 12), (35, 11), (36, 10), (37, 10), (38, 10), (39, 10), (40, 10),
    (41, 9), (42, 9), (43, 9), (44, 8), (45, 8), (46, 8), (47, 8), (48, 8), (49, 7), (50, 7),
    (51, 7), (52, 6), (53, 6), (54, 5), (56, 4), (58, 3), (60, 2), (62, 2), (64, 1), (66, 1),
    (68, 0), (72, 0), (80, 0),
  ]

  /// Tracking in points added per character at `size` points.
  static func tracking(atSize size: Double) -> Double {
    let table = trackingTable
    guard size > table[0].0 else { return table[0].1 * size / 1000 }
    guard size < table[table.count - 1].0 else { return table[table.count - 1].1 * size / 1000 }
    var upper = 1
    while table[upper].0 < size { upper += 1 }
    let (s0, t0) = table[upper - 1]
    let (s1, t1) = table[upper]
    let thousandths = t0 + (t1 - t0) * (size - s0) / (s1 - s0)
    return thousandths * size / 1000
  }
}
