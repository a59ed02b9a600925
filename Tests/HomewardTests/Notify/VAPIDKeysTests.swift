import Foundation
import XCTest
@testable import Homeward

/// The VAPID key file beside the database: made once with mode 0600, read back as the same key,
/// and refused when others may read it or when it holds no P-256 key.
final class VAPIDKeysTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("homeward-vapid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func mode(of path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    func testTheDefaultPathIsBesideTheDatabase() {
        XCTAssertEqual(VAPIDKeys.defaultPath(besideDatabase: "/var/lib/homeward/homeward.sqlite"), "/var/lib/homeward/homeward.sqlite.vapid")
    }

    func testTheKeyIsCreatedWithMode0600AndReadBackIdentical() throws {
        let path = path("homeward.sqlite.vapid")
        let created = try VAPIDKeys.loadOrCreate(path: path)
        XCTAssertEqual(try mode(of: path), 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("-----BEGIN PRIVATE KEY-----\n"), text)
        XCTAssertEqual(created.publicKey.count, 65)
        XCTAssertEqual(created.publicKey.first, 0x04)
        XCTAssertEqual(created.publicKeyBase64URL.count, 87)
        XCTAssertEqual(Base64URL.decode(created.publicKeyBase64URL), created.publicKey)

        let reloaded = try VAPIDKeys.loadOrCreate(path: path)
        XCTAssertEqual(reloaded.publicKey, created.publicKey)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), text, "the file is not rewritten")
        let message = Array("signed by the reloaded key".utf8)
        XCTAssertTrue(WebPushTestCrypto.verifiesES256(
            signature: try reloaded.key.signature(of: message), of: message, publicKey: created.publicKey))
    }

    func testTwoServersGetTwoDifferentKeys() throws {
        let first = try VAPIDKeys.loadOrCreate(path: path("one.vapid"))
        let second = try VAPIDKeys.loadOrCreate(path: path("two.vapid"))
        XCTAssertNotEqual(first.publicKey, second.publicKey)
    }

    func testAFileOthersMayReadIsRefused() throws {
        let path = path("homeward.sqlite.vapid")
        let created = try VAPIDKeys.loadOrCreate(path: path)
        for mode in [0o640, 0o604, 0o660, 0o644] {
            XCTAssertEqual(chmod(path, mode_t(mode)), 0)
            XCTAssertThrowsError(try VAPIDKeys.loadOrCreate(path: path)) { error in
                XCTAssertEqual(error as? VAPIDKeysError, .wrongMode(path: path, mode: mode_t(mode)))
                XCTAssertTrue("\(error)".contains("chmod 600 \(path)"), "\(error)")
            }
        }
        XCTAssertEqual(chmod(path, 0o400), 0)
        XCTAssertEqual(try VAPIDKeys.loadOrCreate(path: path).publicKey, created.publicKey, "read-only for the owner is fine")
    }

    func testAFileWithoutAnUnencryptedP256KeyIsRefusedAndKept() throws {
        let path = path("homeward.sqlite.vapid")
        let wrongCurve = """
            -----BEGIN PRIVATE KEY-----
            MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDAWqDrpQLOmWc4sHdun
            Y9QTY2FXrhj6+xoElgMRc6EVn22Ox6MHYx4tHRAluSnxsVmhZANiAAQSr6dWNsVP
            xoUvIUMrIzJGYFcHoJ0O0aPzcVQt2CESuc2nIcMi10xACvtYwzT9bAJiSsDw4IA5
            2Ge9ZfSBP9FVhBzQ8O5N84jb84GTOMh2rWMXi7tpsSna9blEF431HAY=
            -----END PRIVATE KEY-----

            """
        let underPassphrase = """
            -----BEGIN ENCRYPTED PRIVATE KEY-----
            MIHsMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAhy+0I2DGJTnQICCAAw
            DAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEGV8YoOd22jn3qWrs/gIFcgEgZB2
            vfI4KkLPOzeC7E0IXRRYwKVnQs9j/wePIqfVSheAnqJE5ki5tPw6luvMl7c9gZuu
            ErDj+8zX/K0Nw6PhgiN4nUUKuR56HicMLBMP+dS24se6sTKVX2cgJsE3UDE5CJBC
            IYpFfXpUoGpcj75S7VhwfK12F4xCfEHc9QlYtgO/SnTRs0OB08UIg3q+Eu9PyjM=
            -----END ENCRYPTED PRIVATE KEY-----

            """
        for contents in ["", "not a key\n", String(repeating: "ab", count: 32) + "\n", wrongCurve, underPassphrase] {
            unlink(path)
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(contents.utf8), attributes: [.posixPermissions: 0o600]))
            XCTAssertThrowsError(try VAPIDKeys.loadOrCreate(path: path)) { error in
                XCTAssertEqual(error as? VAPIDKeysError, .malformed(path: path))
            }
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), contents, "a bad file is never replaced")
        }
    }

    func testAKeyThatCannotBeWrittenStopsTheStart() throws {
        let path = path("no-such-directory/homeward.sqlite.vapid")
        XCTAssertThrowsError(try VAPIDKeys.loadOrCreate(path: path)) { error in
            XCTAssertEqual(error as? VAPIDKeysError, .cannotCreate(path: path, reason: "No such file or directory"))
        }
        XCTAssertThrowsError(try VAPIDKeys.loadOrCreate(path: directory.path)) { error in
            XCTAssertEqual(error as? VAPIDKeysError, .unreadable(path: directory.path, reason: "not a regular file"))
        }
    }
}
