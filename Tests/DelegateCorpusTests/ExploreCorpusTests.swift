// Explore on correct code: the SDK's published sample and the corpus get no finding from a
// search of generated trips (a finding here is a NavSim bug: the generator made a trip a real
// SDK and device cannot, or a rule is wrong).
import Foundation
import GoogleNavigation
import NavSimTesting
import Testing
import UIKit

@MainActor
@Suite struct ExploreCorpusTests {
  @Test func exploreFindsNothingInCorrectCode() throws {
    for (name, make) in Corpus.delegates {
      #expect(ExploreTesting.findings(delegateName: name, delegate: make, budget: 6) == nil)
    }
  }

  /// Layout bugs of corpus delegates that 100 trips meet and 6 do not, each shrunk to a trip
  /// that needs none of the dimensions issue 44 added (no drawn SDK size, text size or header
  /// accessory): `delivery` places its re-centre logo with no upper limit against the turn
  /// card, so a three-line prompt on a landscape iPhone SE pushes the logo into the card. Kept
  /// here until the delegate is fixed, so a new finding still fails and a fixed one says so.
  /// (The 1/3 splits that `field-service` and `school-bus` once failed in were 245 pt wide,
  /// narrower than any window iPadOS makes; with iPadOS's widths they are clean.)
  static let knownFindings = ["delivery": "googleLogo,turnCard"]

  /// The command's default budget (100 trips of seed 1, every device, every dimension drawn:
  /// text sizes, SDK sizes, header accessories, guidance and navigation restarts, container
  /// resizes) finds nothing else. Minutes in a debug build, so it runs when
  /// NAVSIM_EXPLORE_FULL=1 (`tools/explore-clean.sh` runs it with the sample delegates).
  @Test func theDefaultBudgetFindsNothingInCorrectCode() throws {
    guard ProcessInfo.processInfo.environment["NAVSIM_EXPLORE_FULL"] == "1" else {
      print("skipped: set NAVSIM_EXPLORE_FULL=1 to search the default budget")
      return
    }
    for (name, make) in Corpus.delegates {
      let table = ExploreTesting.findings(delegateName: name, delegate: make, budget: 100)
      print("\(name): \(table ?? "clean over 100 trips")")
      if let known = Self.knownFindings[name] {
        let table = try #require(table, "\(name): the known finding is gone; drop it from the list")
        #expect(table.contains(" 1 distinct finding\n"), "\(name)")
        #expect(table.contains("\nsdk-views-overlap "), "\(name)")
        #expect(table.contains(" " + known + " "), "\(name)")
        #expect(!table.contains("+profile"), "\(name)")
        for size in UIContentSizeCategory.names where size != "large" {
          #expect(!table.contains(" " + size + " "), "\(name) at \(size)")
        }
      } else {
        #expect(table == nil, "\(name)")
      }
    }
  }
}
