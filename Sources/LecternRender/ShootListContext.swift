import LecternModel
import LecternResolve
import LecternTemplate

/// Template data for shoot lists: progress, categories, and each item's completion details.
extension LocaleContext {
    func progressContext(_ p: ShootProgress) -> TemplateFields {
        context([
            // ASCII digits for <progress> attributes; *_text for what people read.
            "done": String(p.done), "total": String(p.total),
            "done_text": strings.formatted(p.done), "total_text": strings.formatted(p.total),
            "required_done": String(p.requiredDone), "required_total": String(p.requiredTotal),
            "text": strings.plural("shootlist.progress", count: p.total, ["done": strings.formatted(p.done)]),
            "required_text": strings.plural("shootlist.required_progress", count: p.requiredTotal, ["done": strings.formatted(p.requiredDone)]),
            "complete": p.total > 0 && p.done == p.total,
        ])
    }

    func shootListSummary(_ list: ResolvedShootList, from page: String) -> TemplateFields {
        context([
            "id": list.id,
            "school": list.list.school,
            "school_year": list.list.schoolYear?.description,
            "href": link(from: page, to: PagePaths.shootList(list.id)),
            "active": list.isActive ? true : nil,
            "progress": progressContext(list.progress),
        ])
    }

    func shootListPage(_ list: ResolvedShootList) -> TemplateFields {
        let page = PagePaths.shootList(list.id)
        var data = shootListSummary(list, from: page)
        data.merge(context([
            "photographers": self.list(list.list.photographers),
            "shown_forms": pluralForms("shootlist.shown"),
            // A CSS string (quoted, its quotes and backslashes escaped) for the printed pages'
            // header: the school, the year and the studio.
            "print_header": Self.cssString([list.list.school, list.list.schoolYear?.description, site.config.organization]
                .compactMap { $0 }.joined(separator: " · ")),
            "intro_html": list.list.introHTML,
            "categories": list.categories.map { category in
                context([
                    "name": category.name,
                    "progress": progressContext(ShootProgress(items: category.items)),
                    "items": category.items.map(itemContext),
                ])
            },
        ]), uniquingKeysWith: { _, new in new })
        var c = common(page: page, title: list.list.school)
        c["list"] = .object(data)
        return c
    }

    private func itemContext(_ item: ShootItem) -> TemplateFields {
        context([
            "name": item.name,
            "id": item.id,
            "done": item.done ? true : nil,
            "required": item.required ? true : nil,
            "description_html": item.descriptionHTML,
            "done_date": item.doneDate.map(dates.short),
            "done_iso": item.doneDate?.description,
            "by": item.by,
            "session": item.session,
            "images": item.images,
            "notes": item.notes,
        ])
    }

    /// `shootlists/<id>/checklist.csv`: one row per item, with every attribute. The public
    /// profile has no `by`, `session` or `notes` values (the resolver dropped them), so it has
    /// no such columns either.
    func shootListCSV(_ list: ResolvedShootList) -> TemplateFields {
        var rows: [TemplateValue] = []
        for category in list.categories {
            for item in category.items {
                rows.append(.object(context([
                    "category": category.name,
                    "name": item.name,
                    "id": item.id ?? "",
                    "status": strings.text(item.done ? "shootlist.done" : "shootlist.open"),
                    "required": strings.text(item.required ? "shootlist.required" : "shootlist.optional"),
                    "done_iso": item.doneDate?.description ?? "",
                    "by": item.by ?? "", "session": item.session ?? "", "images": item.images ?? "", "notes": item.notes ?? "",
                ])))
            }
        }
        return ["t": stringTree, "rows": .list(rows), "private_columns": .bool(site.profile == .display)]
    }

    static func cssString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": out += "\\" + String(scalar)
            case "\n", "\r": out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    func shootListsIndex() -> TemplateFields {
        let page = PagePaths.shootLists
        var c = common(page: page, title: strings.text("nav.shootlists"))
        c.merge(context(["lists": site.shootLists.map { shootListSummary($0, from: page) }]), uniquingKeysWith: { _, new in new })
        return c
    }
}
