import Foundation
import HomewardHTTP

/// The body of POST /v1/trips/join: the traveller, by phone or by name (Homie sends the username),
/// and the trip's access code.
public struct JoinTripRequest: Sendable, Decodable {
    /// The traveller's phone number, in any form `PhoneNumber` accepts, or typed the local way.
    public var phone: String?
    /// Where a number typed the local way is read (an ISO country code, the browser's); else the
    /// server's `--default-country`.
    public var country: String?
    /// The traveller's name as they show it (compared without regard to case or surrounding spaces).
    public var name: String?
    /// The access code the traveller shared.
    public var accessCode: String

    /// Whom the caller names: exactly one of `phone` and `name`.
    enum Traveller: Equatable {
        case phone(String)
        case name(String)
    }

    /// The traveller the request names; 400 unless exactly one of `phone` and `name` is given.
    func traveller(reading phoneNumbers: PhoneNumberReader) throws(HTTPError) -> Traveller {
        switch (phone, name) {
        case (let phone?, nil):
            do {
                return .phone(try phoneNumbers.read(phone, country: country).e164)
            } catch {
                throw error.httpError(field: "phone")
            }
        case (nil, let name?):
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, trimmed.count <= AccountService.maxNameCharacters else {
                throw .invalidRequest("name must have 1 to \(AccountService.maxNameCharacters) characters.", field: "name")
            }
            return .name(trimmed)
        default:
            throw .invalidRequest("Give the traveller's phone or name (one of them).", field: "phone")
        }
    }
}
