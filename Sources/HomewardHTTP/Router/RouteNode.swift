/// One segment of the routing trie: literal children, at most one parameter child, and the routes
/// that end here by method.
struct RouteNode: Sendable {
    var literalChildren: [String: RouteNode] = [:]
    var parameterName: String?
    var parameterChild: [RouteNode] = []
    var routes: [HTTPMethod: Route] = [:]

    /// Inserts `route` under the remaining template segments.
    mutating func insert(_ segments: ArraySlice<Substring>, method: HTTPMethod, route: Route) {
        guard let segment = segments.first else {
            precondition(routes[method] == nil, "Route \(method) \(route.template) is registered twice")
            routes[method] = route
            return
        }
        if segment.hasPrefix("{") && segment.hasSuffix("}") {
            let name = String(segment.dropFirst().dropLast())
            precondition(parameterName == nil || parameterName == name, "Conflicting parameter names at \(route.template)")
            parameterName = name
            if parameterChild.isEmpty { parameterChild.append(RouteNode()) }
            parameterChild[0].insert(segments.dropFirst(), method: method, route: route)
        } else {
            literalChildren[String(segment), default: RouteNode()].insert(segments.dropFirst(), method: method, route: route)
        }
    }

    /// Every route at or below this node, as (method, template).
    var allRoutes: [(method: HTTPMethod, template: String)] {
        routes.map { (method: $0.key, template: $0.value.template) }
            + literalChildren.values.flatMap(\.allRoutes)
            + parameterChild.flatMap(\.allRoutes)
    }

    /// Finds the node for the decoded path segments, preferring literals over parameters and
    /// backtracking when a literal branch dead-ends.
    func find(_ segments: ArraySlice<String>, parameters: inout [String: String]) -> RouteNode? {
        guard let segment = segments.first else { return routes.isEmpty ? nil : self }
        if let child = literalChildren[segment], let found = child.find(segments.dropFirst(), parameters: &parameters) {
            return found
        }
        if let name = parameterName, !segment.isEmpty,
           let found = parameterChild[0].find(segments.dropFirst(), parameters: &parameters) {
            parameters[name] = segment
            return found
        }
        return nil
    }
}
