/// What a write block asked to happen once its work is decided: `onCommit` after the transaction
/// that holds it commits, `onRollback` when its work is undone instead. Exactly one of the two runs.
///
/// This is how memory follows the database and never leads it (GRDB's `afterNextTransaction` is the
/// model): a cache, a tracker or a timer changed for a write is either changed after the commit, or
/// changed at once and changed back if the rows it mirrors roll back.
struct TransactionHook {
    let onCommit: (() -> Void)?
    let onRollback: (() -> Void)?
}

/// The hooks registered in one connection's open transaction, in order, for any engine.
public struct TransactionHookList {
    private var hooks: [TransactionHook] = []

    /// An empty list.
    public init() {}

    /// Registers `action` to run when the transaction commits.
    public mutating func afterCommit(_ action: @escaping () -> Void) {
        hooks.append(TransactionHook(onCommit: action, onRollback: nil))
    }

    /// Registers `undo` to run if the work registered after the current mark rolls back.
    public mutating func onRollback(_ undo: @escaping () -> Void) {
        hooks.append(TransactionHook(onCommit: nil, onRollback: undo))
    }

    /// How many hooks are registered: a mark to roll back to when the work after it is undone.
    public var mark: Int { hooks.count }

    /// The work registered after `mark` was undone: runs its undo actions, newest first, and drops
    /// its commit actions.
    public mutating func rollBack(to mark: Int) {
        guard hooks.count > mark else { return }
        let undone = hooks[mark...]
        hooks.removeSubrange(mark...)
        for hook in undone.reversed() { hook.onRollback?() }
    }

    /// The transaction committed: runs every commit action in the order they were registered.
    public mutating func commit() {
        guard !hooks.isEmpty else { return }
        let committed = hooks
        hooks.removeAll()
        for hook in committed { hook.onCommit?() }
    }
}
