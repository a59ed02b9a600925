import XCTest
@testable import HomewardPostgres

final class PortableSQLTests: XCTestCase {
    func testPlaceholdersAreNumberedOutsideLiteralsAndComments() {
        XCTAssertEqual(PortableSQL.numberingPlaceholders(in: "SELECT a FROM t WHERE b = ? AND c IN (?, ?)"),
                       "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)")
        XCTAssertEqual(PortableSQL.numberingPlaceholders(in: "SELECT '?', \"we?rd\", 'it''s ?' FROM t WHERE x = ?"),
                       "SELECT '?', \"we?rd\", 'it''s ?' FROM t WHERE x = $1")
        XCTAssertEqual(PortableSQL.numberingPlaceholders(in: "SELECT 1 -- why?\nWHERE y = ? /* or? */ AND z = ?"),
                       "SELECT 1 -- why?\nWHERE y = $1 /* or? */ AND z = $2")
        XCTAssertEqual(PortableSQL.numberingPlaceholders(in: "SELECT 1"), "SELECT 1")
    }

    func testNumberedPlaceholdersKeepTheirNumbers() {
        XCTAssertEqual(PortableSQL.numberingPlaceholders(in: "UPDATE t SET a = ?2 WHERE (?1 IS NULL OR b = ?1) AND c < ?12"),
                       "UPDATE t SET a = $2 WHERE ($1 IS NULL OR b = $1) AND c < $12")
        XCTAssertEqual(PortableSQL.numberingPlaceholders(in: "SELECT '?1' WHERE x = ?"), "SELECT '?1' WHERE x = $1")
    }

    func testByteaHexFormRoundTrips() {
        let bytes: [UInt8] = [0, 9, 10, 0xAB, 0xFF]
        let text = PostgresBytea.encode(bytes)
        XCTAssertEqual(text, "\\x00090aabff")
        XCTAssertEqual(Array(text.utf8).withUnsafeBufferPointer { PostgresBytea.decode($0) }, bytes)
        XCTAssertNil(Array("\\x0".utf8).withUnsafeBufferPointer { PostgresBytea.decode($0) })
        XCTAssertNil(Array("00ff".utf8).withUnsafeBufferPointer { PostgresBytea.decode($0) })
        XCTAssertNil(Array("\\xzz".utf8).withUnsafeBufferPointer { PostgresBytea.decode($0) })
    }
}
