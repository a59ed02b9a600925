/// The two-character tracker ids (`tid`) of the people in one OwnTracks reply. The apps key friends
/// on `tid` alone (both rewrite each object's topic to `owntracks/http/<tid>`), so two people with
/// the same initials would collapse into one pin: every id in a reply is unique.
enum OwnTracksTrackerIDs {
    /// One id per name, in order: the initials of the first two words (or the first two letters),
    /// else the first letter with another letter of the name, else the first letter with a digit,
    /// else two letters counted from the position — always unique within the reply.
    static func assign(to names: [String]) -> [String] {
        var used: Set<String> = []
        return names.enumerated().map { index, name in
            let id = candidates(for: name, position: index).first { !used.contains($0) } ?? fallback(index, used: used)
            used.insert(id)
            return id
        }
    }

    private static func candidates(for name: String, position: Int) -> [String] {
        let letters = name.uppercased().filter { $0.isLetter || $0.isNumber }
        let words = name.split(whereSeparator: { $0 == " " || $0 == "-" }).compactMap { $0.uppercased().first { $0.isLetter || $0.isNumber } }
        var candidates: [String] = []
        if words.count >= 2 { candidates.append(String(words.prefix(2))) }
        guard let first = letters.first else { return candidates }
        candidates += letters.dropFirst().map { String([first, $0]) }
        candidates += (2...9).map { "\(first)\($0)" }
        return candidates
    }

    private static func fallback(_ index: Int, used: Set<String>) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var counter = index
        while true {
            let id = String([alphabet[(counter / alphabet.count) % alphabet.count], alphabet[counter % alphabet.count]])
            if !used.contains(id) { return id }
            counter += 1
        }
    }
}
