/// The API's resources as a client reads them: Decodable mirrors of the app's response types that
/// are only Encodable, named after the resource (`API.Account`, `API.LinkList`), so a test decodes
/// a body with `response.decode(API.LinkList.self)` instead of casting a dictionary.
enum API {}
