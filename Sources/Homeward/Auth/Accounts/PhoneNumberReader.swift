import Foundation

/// Reads a phone number as a person typed it: the international way (`+44 …`, `0044 …`) anywhere,
/// and the local way ("020 7946 0958") in the country the request names (the browser's, say) or
/// else the server's default country (`--default-country`).
public struct PhoneNumberReader: Sendable {
    /// The country local numbers are read in when the request names none; nil: only international numbers.
    public let defaultCountry: CallingCountry?

    /// A reader with `defaultCountry`.
    public init(defaultCountry: CallingCountry?) {
        self.defaultCountry = defaultCountry
    }

    /// `input` as a phone number; `country` (an ISO code, ignored when unknown) wins over the default.
    public func read(_ input: String, country: String? = nil) throws(ValidationError) -> PhoneNumber {
        let trimmed = input.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("+"), !trimmed.hasPrefix("00"),
              let local = country.flatMap(CallingCountry.init(isoCode:)) ?? defaultCountry else {
            return try PhoneNumber(normalizing: input)
        }
        var national = Substring(trimmed)
        if let trunk = local.trunkPrefix {
            // The trunk prefix is what the number starts with, after any brackets: "(0)20 …", "020 …".
            let leading = national.prefix { "( ".contains($0) }
            let rest = national.dropFirst(leading.count)
            if rest.hasPrefix(trunk) { national = rest.dropFirst(trunk.count) }
        }
        return try PhoneNumber(normalizing: "+\(local.callingCode) \(national)")
    }
}
