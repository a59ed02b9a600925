/// Why `ChannelStore` refused a change; the route turns it into the HTTP answer.
enum ChannelStoreError: Error, Equatable {
    /// The account already has `ChannelStore.maxChannelsPerAccount` channels.
    case tooManyChannels
}
