import XCTest
@testable import Homeward

final class SecureRandomTests: XCTestCase {
    private static let base64URLAlphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    private static let hexAlphabet = Set("0123456789abcdef")

    func testTokenIs43URLSafeCharactersWithoutPadding() {
        for _ in 0..<200 {
            let token = SecureRandom.token()
            XCTAssertEqual(token.count, SecureRandom.tokenCharacterCount)
            XCTAssertTrue(Set(token).isSubset(of: Self.base64URLAlphabet), token)
        }
    }

    func testTokensDoNotRepeatOverManyDraws() {
        let tokens = (0..<10_000).map { _ in SecureRandom.token() }
        XCTAssertEqual(Set(tokens).count, tokens.count)
    }

    func testTokensUseTheWholeAlphabet() {
        let seen = (0..<500).reduce(into: Set<Character>()) { seen, _ in seen.formUnion(SecureRandom.token()) }
        XCTAssertEqual(seen, Self.base64URLAlphabet)
    }

    func testIdentifierIs32LowerCaseHexCharacters() {
        let identifiers = (0..<5_000).map { _ in SecureRandom.identifier() }
        for identifier in identifiers {
            XCTAssertEqual(identifier.count, SecureRandom.identifierCharacterCount)
            XCTAssertTrue(Set(identifier).isSubset(of: Self.hexAlphabet), identifier)
        }
        XCTAssertEqual(Set(identifiers).count, identifiers.count)
    }

    func testBytesHaveRequestedCountAndDiffer() {
        XCTAssertEqual(SecureRandom.bytes(count: 0), [])
        XCTAssertEqual(SecureRandom.bytes(count: 64).count, 64)
        XCTAssertNotEqual(SecureRandom.bytes(count: 32), SecureRandom.bytes(count: 32))
    }

    func testCodeHasSixDigitsAndKeepsLeadingZeros() {
        let codes = (0..<2_000).map { _ in SecureRandom.digits(count: 6) }
        for code in codes {
            XCTAssertEqual(code.count, 6)
            XCTAssertTrue(code.allSatisfy { ("0"..."9").contains($0) }, code)
        }
        XCTAssertTrue(codes.contains { $0.hasPrefix("0") }, "about 200 of 2000 codes start with 0")
    }

    func testCodeDigitsAreUniformlyDistributed() {
        var counts = [Int](repeating: 0, count: 10)
        let draws = 10_000
        for _ in 0..<draws {
            for digit in SecureRandom.digits(count: 6).utf8 {
                counts[Int(digit - UInt8(ascii: "0"))] += 1
            }
        }
        let expected = Double(draws * 6) / 10
        let chiSquare = counts.reduce(0.0) { sum, count in
            sum + (Double(count) - expected) * (Double(count) - expected) / expected
        }
        // 9 degrees of freedom: the chance of exceeding 50 for a fair generator is below 1 in 10^7.
        XCTAssertLessThan(chiSquare, 50, "\(counts)")
    }
}
