/// Refusals of `DeviceStore`, answered by the routes with an `HTTPError`.
enum DeviceStoreError: Error {
    /// Another device already has the OwnTracks topic.
    case topicTaken
}
