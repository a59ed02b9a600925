import XCTest
@testable import Homeward

final class PasswordPolicyTests: XCTestCase {
    private let policy = PasswordPolicy.standard

    private func violation(_ password: String) -> String? {
        do {
            try policy.validate(password)
            return nil
        } catch {
            return error.message
        }
    }

    func testPasswordWithEveryKindOfCharacterIsAccepted() {
        XCTAssertNil(violation("Correct-Horse-7"))
        XCTAssertNil(violation("aB3!aB3!"))
        XCTAssertNil(violation("Ünïcødé 9 wörds"))
    }

    func testShortPasswordIsRejectedWithItsLength() {
        XCTAssertEqual(violation("aB3!aB3"), "password must have 8 to 128 characters (it has 7)")
    }

    func testLengthCountsCharactersNotBytes() {
        XCTAssertNil(violation("Éé1!Éé1!"), "8 characters of 12 bytes")
        XCTAssertNotNil(violation("Éé1!Éé1"), "7 characters although 11 bytes")
        let emojiPassword = "aB3" + String(repeating: "👨‍👩‍👧", count: 125)
        XCTAssertNil(violation(emojiPassword), "128 characters of several hundred bytes")
    }

    func testPasswordLongerThan128CharactersIsRejected() {
        let password = "aB3!" + String(repeating: "x", count: 125)
        XCTAssertEqual(violation(password), "password must have 8 to 128 characters (it has 129)")
        XCTAssertNil(violation(String(password.dropLast())))
    }

    func testMessageNamesEveryMissingKind() {
        XCTAssertEqual(violation("abcdefgh"),
                       "password needs at least one upper-case letter, one digit and one other character such as !, # or a space")
        XCTAssertEqual(violation("ABCDEFG1"),
                       "password needs at least one lower-case letter and one other character such as !, # or a space")
        XCTAssertEqual(violation("Abcdefg!"), "password needs at least one digit")
        XCTAssertEqual(violation("Abcdefg1"), "password needs at least one other character such as !, # or a space")
        XCTAssertEqual(violation("abcdef1!"), "password needs at least one upper-case letter")
    }

    func testSpaceCountsAsOtherCharacter() {
        XCTAssertNil(violation("Abc def 1"))
    }

    func testNonLatinDecimalDigitCountsAsDigitButFractionDoesNot() {
        XCTAssertNil(violation("Abcdef٣!"))
        XCTAssertEqual(violation("Abcdef½!"), "password needs at least one digit")
    }
}
