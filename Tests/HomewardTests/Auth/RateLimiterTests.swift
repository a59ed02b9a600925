import XCTest
@testable import Homeward

final class RateLimiterTests: XCTestCase {
    private let policy = RateLimitPolicy(name: "test", maxFailures: 5, windowSeconds: 15 * 60)
    private var clock = ManualClock()

    override func setUp() {
        clock = ManualClock()
    }

    func testUnknownKeyIsAllowed() {
        let limiter = RateLimiter(clock: clock)
        XCTAssertEqual(limiter.check("+442079460958", under: policy), .allowed)
    }

    func testFifthFailureLocksUntilTheWindowFrees() {
        let limiter = RateLimiter(clock: clock)
        for _ in 0..<4 {
            XCTAssertEqual(limiter.recordFailure("+442079460958", under: policy), .allowed)
            clock.advance(bySeconds: 10)
        }
        XCTAssertEqual(limiter.check("+442079460958", under: policy), .allowed)
        XCTAssertEqual(limiter.recordFailure("+442079460958", under: policy), .limited(retryAfterSeconds: 900 - 40))
        XCTAssertEqual(limiter.check("+442079460958", under: policy), .limited(retryAfterSeconds: 860))

        clock.advance(bySeconds: 859)
        XCTAssertEqual(limiter.check("+442079460958", under: policy), .limited(retryAfterSeconds: 1))
        clock.advance(bySeconds: 1)
        XCTAssertEqual(limiter.check("+442079460958", under: policy), .allowed, "the first failure left the window")
    }

    func testWindowSlidesSoOneMoreFailureLocksAgainUntilTheNextOldestLeaves() {
        let limiter = RateLimiter(clock: clock)
        for _ in 0..<5 {
            limiter.recordFailure("key", under: policy)
            clock.advance(bySeconds: 60)
        }
        clock.advance(bySeconds: 900 - 300)
        XCTAssertEqual(limiter.check("key", under: policy), .allowed)
        XCTAssertEqual(limiter.recordFailure("key", under: policy), .limited(retryAfterSeconds: 60))
    }

    func testRetryAfterRoundsUpToWholeSeconds() {
        let limiter = RateLimiter(clock: clock)
        for _ in 0..<5 { limiter.recordFailure("key", under: policy) }
        clock.advance(byMilliseconds: 899_001)
        XCTAssertEqual(limiter.check("key", under: policy), .limited(retryAfterSeconds: 1))
        clock.advance(byMilliseconds: 998)
        XCTAssertEqual(limiter.check("key", under: policy), .limited(retryAfterSeconds: 1))
        clock.advance(byMilliseconds: 1)
        XCTAssertEqual(limiter.check("key", under: policy), .allowed)
    }

    func testResetForgetsFailures() {
        let limiter = RateLimiter(clock: clock)
        for _ in 0..<5 { limiter.recordFailure("key", under: policy) }
        limiter.reset("key", under: policy)
        XCTAssertEqual(limiter.check("key", under: policy), .allowed)
        XCTAssertEqual(limiter.trackedKeyCount, 0)
    }

    func testKeysAndPoliciesAreCountedSeparately() {
        let limiter = RateLimiter(clock: clock)
        let other = RateLimitPolicy(name: "other", maxFailures: 5, windowSeconds: 900)
        for _ in 0..<5 { limiter.recordFailure("key", under: policy) }
        XCTAssertNotEqual(limiter.check("key", under: policy), .allowed)
        XCTAssertEqual(limiter.check("another key", under: policy), .allowed)
        XCTAssertEqual(limiter.check("key", under: other), .allowed)
    }

    func testClockSteppedBackNeverLocksLongerThanTheWindow() {
        let limiter = RateLimiter(clock: clock)
        for _ in 0..<5 { limiter.recordFailure("key", under: policy) }
        clock.advance(bySeconds: -3600)
        XCTAssertEqual(limiter.check("key", under: policy), .limited(retryAfterSeconds: 900))
    }

    func testExpiredEntriesAreDroppedWhenChecked() {
        let limiter = RateLimiter(clock: clock)
        limiter.recordFailure("key", under: policy)
        XCTAssertEqual(limiter.trackedKeyCount, 1)
        clock.advance(bySeconds: 900)
        XCTAssertEqual(limiter.check("key", under: policy), .allowed)
        XCTAssertEqual(limiter.trackedKeyCount, 0)
    }

    func testExpiredEntriesArePurgedPeriodically() {
        let limiter = RateLimiter(clock: clock)
        for index in 0..<100 { limiter.recordFailure("old \(index)", under: policy) }
        clock.advance(bySeconds: 901)
        for index in 0..<(RateLimiter.purgeIntervalFailures - 100) {
            limiter.recordFailure("new \(index)", under: policy)
        }
        XCTAssertEqual(limiter.trackedKeyCount, RateLimiter.purgeIntervalFailures - 100)
    }

    func testFullTableEvictsKeysWithOldestFailuresFirst() {
        let limiter = RateLimiter(clock: clock, maxTrackedKeys: 100)
        for index in 0..<100 {
            for _ in 0..<5 { limiter.recordFailure("key \(index)", under: policy) }
            clock.advance(byMilliseconds: 10)
        }
        XCTAssertEqual(limiter.trackedKeyCount, 100)
        limiter.recordFailure("newcomer", under: policy)

        XCTAssertLessThanOrEqual(limiter.trackedKeyCount, 100)
        XCTAssertEqual(limiter.check("key 0", under: policy), .allowed, "the oldest entry was evicted")
        XCTAssertNotEqual(limiter.check("key 99", under: policy), .allowed, "the newest entry was kept")
        XCTAssertEqual(limiter.recordFailure("newcomer", under: policy), .allowed, "two failures so far")
    }

    func testFullTablePurgesExpiredEntriesBeforeEvictingLiveOnes() {
        let limiter = RateLimiter(clock: clock, maxTrackedKeys: 10)
        for index in 0..<5 { limiter.recordFailure("stale \(index)", under: policy) }
        clock.advance(bySeconds: 901)
        for index in 0..<5 {
            for _ in 0..<5 { limiter.recordFailure("live \(index)", under: policy) }
        }
        limiter.recordFailure("newcomer", under: policy)
        XCTAssertEqual(limiter.trackedKeyCount, 6)
        for index in 0..<5 {
            XCTAssertNotEqual(limiter.check("live \(index)", under: policy), .allowed)
        }
    }

    func testConcurrentFailuresAreAllCounted() {
        let limiter = RateLimiter(clock: clock)
        let wide = RateLimitPolicy(name: "wide", maxFailures: 10_000, windowSeconds: 60)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<1000 { limiter.recordFailure("shared", under: wide) }
        }
        XCTAssertEqual(limiter.check("shared", under: wide), .allowed)
        let oneMore = RateLimitPolicy(name: "wide", maxFailures: 8001, windowSeconds: 60)
        XCTAssertEqual(limiter.recordFailure("shared", under: oneMore), .limited(retryAfterSeconds: 60))
    }

    func testDefaultPoliciesHaveDistinctNames() {
        let policies: [RateLimitPolicy] = [
            .loginFailuresPerClientAddressAndPhone, .loginFailuresPerClientAddress,
            .verificationCodeFailuresPerTarget, .verificationCodeFailuresPerCaller,
            .tripAccessCodeFailuresPerTarget, .tripAccessCodeFailuresPerCaller,
        ]
        XCTAssertEqual(Set(policies.map(\.name)).count, policies.count)
        XCTAssertEqual(RateLimitPolicy.loginFailuresPerClientAddressAndPhone.maxFailures, 5)
        XCTAssertEqual(RateLimitPolicy.loginFailuresPerClientAddressAndPhone.windowSeconds, 900)
    }
}
