package plan

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
)

// A column of a CSV file or a sheet names a field by the field's API name
// (bonus_amount), by a header of promoctl's own tables in English or
// Russian (Amount, Скидка: promo.FieldSpec's Headers, said by the catalogs'
// table.<id>), or by --column HEADER=field; in any letter case. A column
// that names nothing is read over with one warning; one that is a
// near-miss of a name (bonus_amout) is a problem with the suggestion.

// columnNames is every name a column may have: normalised (normHeader),
// the column key it stands for (an API name, or status). headers are
// the table headers, each as English/Russian, for messages.
type columnNames struct {
	key     map[string]string
	headers []string
}

// plainColumns are the columns of promo list's output that are not fields
// of promo.Registry: the site's id (read), the owner's and the computed
// status (read over). Their table headers are table.<name>.
func plainColumns() []string { return []string{"site_id", "user_id", "status"} }

// newColumnNames reads the names of the fields of promo.Registry, of
// plainColumns and, with headers, their headers in the catalogs of every
// language (which takes the catalogs' parsing, some milliseconds).
func newColumnNames(headers bool) columnNames {
	c := columnNames{key: map[string]string{}}
	catalogs := map[i18n.Lang]map[string]string{}
	for _, l := range i18n.Langs() {
		if !headers {
			break
		}
		msgs, err := i18n.Catalog(l)
		if err != nil {
			continue // the catalogs are embedded: their tests read them
		}
		catalogs[l] = map[string]string{}
		for id, m := range msgs {
			if h, ok := strings.CutPrefix(id, "table."); ok {
				catalogs[l][h] = m.Other
			}
		}
	}
	add := func(name string, headers []string) {
		c.key[normHeader(name)] = name
		for _, h := range headers {
			var said []string
			for _, l := range i18n.Langs() {
				if s := catalogs[l][h]; s != "" {
					if _, taken := c.key[normHeader(s)]; !taken {
						c.key[normHeader(s)] = name
					}
					if !slices.Contains(said, s) {
						said = append(said, s)
					}
				}
			}
			if len(said) > 0 && !ignored(name) {
				c.headers = append(c.headers, strings.Join(said, "/"))
			}
		}
	}
	for _, f := range promo.Registry() {
		add(f.Name, f.Headers)
	}
	for _, name := range plainColumns() {
		add(name, []string{name})
	}
	return c
}

// normHeader is a header as it is compared: trimmed, in lower case, runs
// of spaces and underscores one "_", ё as е (Включен is Включён).
func normHeader(h string) string {
	var b strings.Builder
	gap := false
	for _, r := range strings.TrimSpace(h) {
		switch {
		case unicode.IsSpace(r) || r == '_':
			gap = true
			continue
		case gap && b.Len() > 0:
			b.WriteByte('_')
		}
		gap = false
		r = unicode.ToLower(r)
		if r == 'ё' {
			r = 'е'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// nearMiss is the name a header not among names comes close to (a typo:
// bonus_amout, Промокд), or "".
func (c columnNames) nearMiss(h string) string {
	k := []rune(normHeader(h))
	best, dist := "", 1<<30
	names := make([]string, 0, len(c.key))
	for n := range c.key {
		names = append(names, n)
	}
	slices.Sort(names) // the same suggestion every run
	for _, n := range names {
		nr := []rune(n)
		d := levenshtein(k, nr)
		if len(k) >= 4 && strings.Contains(n, string(k)) {
			d = 1 // enabled: is_enabled
		}
		if d <= max(1, len(nr)/4) && d < dist {
			best, dist = n, d
		}
	}
	if best == "" {
		return ""
	}
	if c.key[best] == best {
		return best // an API name, as written
	}
	return c.said(best)
}

// said is a normalised header as a catalog writes it (промокод: Промокод).
func (c columnNames) said(norm string) string {
	for _, hs := range c.headers {
		for _, h := range strings.Split(hs, "/") {
			if normHeader(h) == norm {
				return h
			}
		}
	}
	return norm
}

// ColumnMap is --column HEADER=field: a column of the file, by its header
// (any letter case), read as an API field.
type ColumnMap struct {
	Header, Field string
}

// ParseColumn reads a --column value, HEADER=field: field an API name of a
// promo code's field (read-only ones are read over), or site_id.
func ParseColumn(s string) (ColumnMap, error) {
	i := strings.LastIndexByte(s, '=')
	if i < 0 || strings.TrimSpace(s[:i]) == "" || strings.TrimSpace(s[i+1:]) == "" {
		return ColumnMap{}, i18n.NewError(2, "sheet.column_flag_form", "Value", s)
	}
	m := ColumnMap{Header: strings.TrimSpace(s[:i]), Field: strings.TrimSpace(s[i+1:])}
	names := newColumnNames(false) // a field is named by its API name
	if key, ok := names.key[normHeader(m.Field)]; ok && key == strings.ToLower(m.Field) {
		m.Field = key
		return m, nil
	}
	if near := names.nearMiss(m.Field); near != "" {
		return ColumnMap{}, i18n.NewError(2, "sheet.column_flag_field_near", "Value", s, "Field", m.Field, "Suggestion", names.key[normHeader(near)])
	}
	return ColumnMap{}, i18n.NewError(2, "sheet.column_flag_field", "Value", s, "Field", m.Field, "Fields", strings.Join(Columns(), ", "))
}

// header reads a header row: the column keys (API names), and which are
// read. A column is named by o.Columns, else by its header (columnNames);
// a near-miss of a name is a problem at line, a column that names nothing
// is read over and named in one warning (o.Warn). Two columns of one
// field, and a --column whose header the row does not have, are problems.
func header(head []string, line int, probs *Problems, o ReadOptions) ([]string, []bool) {
	for len(head) > 1 && strings.TrimSpace(head[len(head)-1]) == "" {
		head = head[:len(head)-1]
	}
	names := newColumnNames(true)
	mapped := map[string]string{}
	for _, m := range o.Columns {
		mapped[normHeader(m.Header)] = m.Field
	}
	used := map[string]bool{}
	keys := make([]string, len(head))
	use := make([]bool, len(head))
	seen := map[string]string{} // key → the header that named it first
	var unnamed []string
	for i, h := range head {
		n := normHeader(h)
		key, ok := mapped[n]
		if ok {
			used[n] = true
		} else {
			key, ok = names.key[n]
		}
		switch {
		case n == "":
			probs.addMsg(line, i18n.M("sheet.column_unnamed", "N", i+1))
			continue
		case utf8.RuneCountInString(n) > MaxName:
			probs.addMsg(line, i18n.M("bounds.name_long", "Column", i+1, "Max", MaxName, "Start", echo(h)))
			continue
		case !ok:
			if near := names.nearMiss(h); near != "" {
				probs.addMsg(line, i18n.M("sheet.column_near", "Column", cut(h), "Suggestion", near))
				probs.badHeader = true
			} else {
				unnamed = append(unnamed, h)
			}
			continue
		}
		keys[i] = key
		if first, twice := seen[key]; twice {
			if normHeader(first) == n {
				probs.addMsg(line, i18n.M("sheet.column_again", "Column", cut(strings.TrimSpace(h))))
			} else {
				probs.addMsg(line, i18n.M("sheet.column_twice", "First", first, "Second", h, "Field", key))
			}
			continue
		}
		seen[key] = h
		use[i] = !ignored(key)
	}
	for _, m := range o.Columns {
		if !used[normHeader(m.Header)] {
			probs.addMsg(line, i18n.M("sheet.column_flag_absent", "Header", m.Header, "Field", m.Field))
		}
	}
	if len(unnamed) > 0 {
		// The first few names, each cut short: a header of hundreds of
		// long names is still one short line.
		const listed = 10
		shown := make([]string, 0, listed)
		for _, h := range unnamed[:min(len(unnamed), listed)] {
			shown = append(shown, cut(h))
		}
		probs.warnings = append(probs.warnings, i18n.C("sheet.columns_ignored", len(unnamed), "File", probs.File, "Columns", shown, "Others", len(unnamed)-len(shown),
			"Fields", strings.Join(Columns(), ", "), "Headers", strings.Join(names.headers, ", ")))
	}
	return keys, use
}
