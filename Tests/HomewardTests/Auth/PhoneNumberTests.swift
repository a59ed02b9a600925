import XCTest
@testable import Homeward

final class PhoneNumberTests: XCTestCase {
    private func normalized(_ input: String) throws -> String {
        try PhoneNumber(normalizing: input).e164
    }

    private func assertRejected(_ input: String, mentioning fragment: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try PhoneNumber(normalizing: input), file: file, line: line) { error in
            let message = (error as? ValidationError)?.message ?? ""
            XCTAssertTrue(message.contains(fragment), "\(input): \(message)", file: file, line: line)
        }
    }

    func testInternationalFormatsWithSpacesDashesDotsAndBracketsNormaliseToE164() throws {
        XCTAssertEqual(try normalized("+44 20 7946 0958"), "+442079460958")
        XCTAssertEqual(try normalized("+1 (555) 123-4567"), "+15551234567")
        XCTAssertEqual(try normalized("+33.1.23.45.67.89"), "+33123456789")
        XCTAssertEqual(try normalized("+49-30-1234567"), "+49301234567")
        XCTAssertEqual(try normalized("+61 [2] 9876 5432"), "+61298765432")
        XCTAssertEqual(try normalized("+4915112345678"), "+4915112345678")
        XCTAssertEqual(try normalized("  +386 41 123 456  "), "+38641123456")
    }

    func testDoubleZeroInternationalPrefixBecomesPlus() throws {
        XCTAssertEqual(try normalized("0049-30-1234567"), "+49301234567")
        XCTAssertEqual(try normalized("0044 20 7946 0958"), "+442079460958")
    }

    func testBracketedTrunkZeroAfterCountryCodeIsDropped() throws {
        XCTAssertEqual(try normalized("+44 (0)20 7946 0958"), "+442079460958")
        XCTAssertEqual(try normalized("+49 (0) 30 1234567"), "+49301234567")
    }

    func testUnicodeDashesAndNoBreakSpacesAreIgnored() throws {
        XCTAssertEqual(try normalized("+44\u{00A0}20\u{2013}7946\u{2011}0958"), "+442079460958")
    }

    func testNationalNumberWithoutPlusIsRejected() {
        assertRejected("(555) 123-4567", mentioning: "must start with +")
        assertRejected("020 7946 0958", mentioning: "must start with +")
    }

    func testLettersAreRejected() {
        assertRejected("+1 800 FLOWERS", mentioning: "only digits")
        assertRejected("+44 20 7946 0958 ext 12", mentioning: "only digits")
    }

    func testPlusAnywhereButTheStartIsRejected() {
        assertRejected("44+2079460958", mentioning: "+ only at the start")
        assertRejected("++442079460958", mentioning: "+ only at the start")
    }

    func testTooFewOrTooManyDigitsAreRejected() {
        assertRejected("+1234567", mentioning: "8 to 15 digits")
        assertRejected("+1234567890123456", mentioning: "8 to 15 digits")
        assertRejected("+", mentioning: "8 to 15 digits")
        XCTAssertEqual(try normalized("+12345678"), "+12345678")
        XCTAssertEqual(try normalized("+123456789012345"), "+123456789012345")
    }

    func testCountryCodeStartingWithZeroIsRejected() {
        assertRejected("+0441234567890", mentioning: "never begins with 0")
        assertRejected("000441234567890", mentioning: "never begins with 0")
    }

    func testEmptyAndOverlongInputsAreRejected() {
        assertRejected("", mentioning: "must start with +")
        assertRejected("+44" + String(repeating: " ", count: 100) + "2079460958", mentioning: "too long")
    }

    func testFullWidthDigitsAreRejected() {
        assertRejected("+４４２０７９４６０９５８", mentioning: "only digits")
    }

    func testEqualNumbersWrittenDifferentlyAreEqualValues() throws {
        XCTAssertEqual(try PhoneNumber(normalizing: "+44 20 7946 0958"),
                       try PhoneNumber(normalizing: "0044 (0)20-7946-0958"))
        XCTAssertEqual(try PhoneNumber(normalizing: "+442079460958").description, "+442079460958")
    }

    func testALocalNumberIsReadInTheRequestsCountryElseTheDefault() throws {
        let british = PhoneNumberReader(defaultCountry: CallingCountry(isoCode: "GB"))
        XCTAssertEqual(try british.read("020 7946 0958").e164, "+442079460958")
        XCTAssertEqual(try british.read("(0)20 7946 0958").e164, "+442079460958")
        XCTAssertEqual(try british.read("+44 20 7946 0958").e164, "+442079460958", "international stays as it is")
        XCTAssertEqual(try british.read("0049 30 123456").e164, "+4930123456")
        XCTAssertEqual(try british.read("030 123456", country: "de").e164, "+4930123456", "the browser's country wins")
        XCTAssertEqual(try british.read("020 7946 0958", country: "XX").e164, "+442079460958", "an unknown hint falls back")
        XCTAssertEqual(try british.read("415 555 0100", country: "US").e164, "+14155550100")
        XCTAssertEqual(try british.read("1 415 555 0100", country: "US").e164, "+14155550100")
        XCTAssertEqual(try british.read("06 1234 5678", country: "IT").e164, "+390612345678", "Italy keeps its 0")
        XCTAssertThrowsError(try PhoneNumberReader(defaultCountry: nil).read("020 7946 0958"), "no country: + is needed")
        XCTAssertThrowsError(try british.read("020 79x6"))
    }
}
