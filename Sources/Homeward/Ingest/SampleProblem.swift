/// What is wrong with one field of one sample; becomes a `SampleRejection` once its index is known.
struct SampleProblem: Error, Equatable {
    /// The rejection code (`missing_field`, `wrong_type`, `out_of_range`, `in_future`).
    var code: String
    /// The field's key inside the sample, e.g. `lat`.
    var key: String
    /// A sentence about it.
    var message: String

    /// The rejection of sample `index` of the request array `arrayName`.
    func rejection(index: Int, in arrayName: String = "samples") -> SampleRejection {
        SampleRejection(index: index, code: code, message: message, field: "\(arrayName)[\(index)].\(key)")
    }
}
