/// Who a build is for.
public enum Profile: String, Sendable, CaseIterable {
    /// Everything, for the projector laptop and the team.
    case display
    /// For the church website: no drafts, private notes or private shoot lists.
    case `public`
}
