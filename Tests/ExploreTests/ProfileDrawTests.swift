@testable import Explore
import NavSim
import Testing

@Suite struct ProfileDrawTests {
  @Test func theSameSeedAndIndexDrawTheSameTextSize() {
    for index in 0..<20 {
      #expect(ProfileDraw.draw(seed: 5, index: index) == ProfileDraw.draw(seed: 5, index: index))
    }
    let a = (0..<40).map { ProfileDraw.drawContentSize(seed: 1, index: $0) }
    let b = (0..<40).map { ProfileDraw.drawContentSize(seed: 2, index: $0) }
    #expect(a != b)
  }

  /// `large` on about 2 trips in 3; the rest spread over the slider's other steps and, less
  /// often, the accessibility sizes, all twelve sizes met.
  @Test func textSizesAreDrawnOverEverySizeALargeOneMostOften() {
    let drawn = (0..<600).map { ProfileDraw.drawContentSize(seed: 1, index: $0) }
    let large = drawn.filter { $0 == .large }.count
    let accessibility = drawn.filter(\.isAccessibilityCategory).count
    #expect((360...440).contains(large), "\(large) of 600 at large")
    #expect((40...90).contains(accessibility), "\(accessibility) of 600 accessibility sizes")
    #expect(Set(drawn) == Set(UIContentSizeCategory.allSizes))
  }

  /// About a third of trips draw SDK values; a draw is the default only without values at
  /// `large`.
  @Test func aThirdOfTripsDrawSDKValues() {
    var withProfile = 0
    for index in 0..<60 {
      let draw = ProfileDraw.draw(seed: 1, index: index)
      withProfile += draw.isEmpty ? 0 : 1
      #expect(draw.isDefault == (draw.isEmpty && draw.contentSize == .large))
    }
    #expect((10...30).contains(withProfile))
  }

  @Test func aShrinkerTriesLargeThenTheSizesBetweenNearestLargeFirst() {
    var draw = ProfileDraw(values: [], contentSize: .accessibilityMedium)
    #expect(
      draw.plainerContentSizes == [.large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge])
    draw.contentSize = .extraSmall
    #expect(draw.plainerContentSizes == [.large, .medium, .small])
    draw.contentSize = .large
    #expect(draw.plainerContentSizes == [])
  }

  @Test func theNewProfileKeysReachTheProfile() {
    let draw = ProfileDraw(values: [
      .init(key: "wideCardWidth", value: 351), .init(key: "buttonSize", value: 44),
      .init(key: "logoWidth", value: 80), .init(key: "logoHeight", value: 28),
      .init(key: "style.headerNominalHeight", value: 148),
    ])
    let profile = draw.profile(named: "drawn")
    #expect(profile.wideCardWidth == 351)
    #expect(profile.buttonSize == 44)
    #expect(profile.logoWidth == 80)
    #expect(profile.logoHeight == 28)
    #expect(profile.style.headerNominalHeight == 148)
    #expect(draw.json(name: "drawn").contains("\"buttonSize\": 44"))
  }
}

@Suite struct FittedRangeTests {
  /// A device's fitted sizes join the ranges, once each, in order; keys it did not fit keep
  /// their ranges (a loaded profile has the defaults there, already among them).
  @Test func aFittedProfilesValuesJoinTheRanges() {
    var fitted = SDKProfile.default
    fitted.style.headerNominalHeight = 130
    fitted.buttonSize = 52
    let ranges = ProfileDraw.ranges(adding: [fitted, fitted])
    let header = ranges.first { $0.key == "style.headerNominalHeight" }!.values
    #expect(header == [100, 112, 124, 130, 136, 148])
    #expect(ranges.first { $0.key == "buttonSize" }!.values == [44, 48, 52])
    #expect(ranges.first { $0.key == "etaCardHeight" }!.values == [64, 72, 80])
    #expect(ProfileDraw.ranges(adding: []).map(\.values) == ProfileDraw.ranges.map(\.values))
    let drawn = (0..<300).compactMap { index in
      ProfileDraw.draw(seed: 1, index: index, ranges: ranges).values
        .first { $0.key == "style.headerNominalHeight" }?.value
    }
    #expect(drawn.contains(130))
  }
}

@Suite struct PlainerValueTests {
  /// A drawn value still needed is tried nearer its default: the values between, nearest first.
  @Test func theValuesBetweenTheDefaultAndTheDrawnOneNearestTheDefaultFirst() {
    let draw = ProfileDraw(values: [])
    let tallest = ProfileDraw.Value(key: "style.headerNominalHeight", value: 148)
    #expect(draw.plainerValues(of: tallest) == [124, 136])
    #expect(draw.plainerValues(of: .init(key: "style.headerNominalHeight", value: 124)) == [])
    #expect(draw.plainerValues(of: .init(key: "style.headerNominalHeight", value: 100)) == [])
    #expect(draw.plainerValues(of: .init(key: "buttonSize", value: 52)) == [])
  }
}
