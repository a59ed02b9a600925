/// The JSON body of `GET /v1/episodes`.
struct EpisodeList: Encodable, Sendable {
    /// The episodes of this page, by start time.
    let episodes: [Episode]
    /// The cursor of the next page; absent on the last page.
    let nextCursor: String?
}
