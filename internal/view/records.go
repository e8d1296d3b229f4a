package view

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/records"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// Records and Record render JSON whose shape is not documented (sites and
// pages): the table is built from the fields the server sent, in their
// order, so a field the API adds tomorrow shows up without a release. The
// JSON output is the server's, unchanged.

// Limits of the generic views.
const (
	// maxColumns bounds a list table; -o json and -o csv have every field.
	maxColumns = 8
	// listCellRunes bounds a text cell of a list table.
	listCellRunes = 60
	// recordValueRunes bounds a text value of a record.
	recordValueRunes = 200
	// maxIndexed is the longest array of objects a record shows item by
	// item (a[0].b); a longer one is summarised as [N items].
	maxIndexed = 10
	// maxDepth is how deep a record's nesting is flattened.
	maxDepth = 6
	// maxRecordRows bounds the rows of a record.
	maxRecordRows = 500
)

// Records shows a list of records of any shape: a JSON array, or an object
// wrapping one ({"data": [...]}). A table's columns are chosen from the
// records: the id first, then name-like fields, then other scalar fields,
// then nested ones summarised, at most maxColumns. An object that wraps no
// list is shown as a record.
func Records(raw json.RawMessage, loc *time.Location) output.Data {
	return output.Data{
		JSON: raw,
		Tables: func() ([]output.Grid, error) {
			items, ok, err := listItems(raw)
			if err != nil {
				return nil, notJSON(err)
			}
			if !ok {
				g, err := recordGrids(raw, loc)
				return g, notJSON(err)
			}
			return []output.Grid{listGrid(items, loc, maxColumns)}, nil
		},
		CSV: func() (output.Grid, error) {
			items, ok, err := listItems(raw)
			if err != nil {
				return output.Grid{}, notJSON(err)
			}
			if !ok {
				g, err := recordCSV(raw)
				return g, notJSON(err)
			}
			return listCSV(items), nil
		},
	}
}

// RecordCount is the number of records Records would show, or -1 when raw
// is not a list.
func RecordCount(raw json.RawMessage) int {
	items, ok, err := listItems(raw)
	if err != nil || !ok {
		return -1
	}
	return len(items)
}

// Record shows one record of any shape as key/value rows: nested objects
// become a.b keys, arrays of objects a[0].b (or [N items] when long),
// arrays of plain values one joined value. A list is shown as Records
// would.
func Record(raw json.RawMessage, loc *time.Location) output.Data {
	return output.Data{
		JSON: raw,
		Tables: func() ([]output.Grid, error) {
			if items, ok, err := listItems(raw); err == nil && ok && firstByte(raw) == '[' {
				return []output.Grid{listGrid(items, loc, maxColumns)}, nil
			}
			return recordGrids(raw, loc)
		},
		CSV: func() (output.Grid, error) {
			if items, ok, err := listItems(raw); err == nil && ok && firstByte(raw) == '[' {
				return listCSV(items), nil
			}
			return recordCSV(raw)
		},
	}
}

// notJSON says an error of reading the records (records.ErrMalformed,
// the JSON decoder's) as a catalog message, keeping it wrapped; nil stays
// nil.
func notJSON(err error) error {
	if err == nil {
		return nil
	}
	return i18n.NewError(0, "view.not_json", "Cause", err)
}

// listItems finds the records of a list (records.Items): the elements of
// an array, or of the array an object wraps. ok is false for an object
// that wraps none.
func listItems(raw []byte) (items []json.RawMessage, ok bool, err error) {
	return records.Items(raw)
}

// field is one field of a JSON object: its decoded key and raw value.
type field = records.Field

func fieldsOf(obj []byte) ([]field, error) { return records.Fields(obj) }

// column is a field seen in the records of a list.
type column struct {
	key     string
	first   int  // order of first appearance
	present bool // some record has a non-null value
	nested  bool // some record has an object or array
}

// listColumns returns the columns of a list in display order, leaving out
// fields that are null or missing in every record (except the id).
func listColumns(recs [][]field) []column {
	var cols []*column
	index := map[string]*column{}
	for _, r := range recs {
		for _, f := range r {
			c := index[f.Key]
			if c == nil {
				c = &column{key: f.Key, first: len(cols)}
				index[f.Key] = c
				cols = append(cols, c)
			}
			switch firstByte(f.Value) {
			case 'n':
			case '{', '[':
				c.present, c.nested = true, true
			default:
				c.present = true
			}
		}
	}
	idKey := ""
	if _, ok := index["id"]; ok {
		idKey = "id"
	} else {
		for _, c := range cols {
			if strings.HasSuffix(strings.ToLower(c.key), "_id") {
				idKey = c.key
				break
			}
		}
	}
	// Buckets: the id, name-like fields by rank, other plain fields,
	// nested fields; first appearance within each.
	type ranked struct {
		c          *column
		bucket, rk int
	}
	var rs []ranked
	for _, c := range cols {
		if !c.present && c.key != idKey {
			continue
		}
		r := ranked{c: c, bucket: 2}
		switch {
		case c.key == idKey:
			r.bucket = 0
		case nameRank(c.key) >= 0 && !c.nested:
			r.bucket, r.rk = 1, nameRank(c.key)
		case c.nested:
			r.bucket = 3
		}
		rs = append(rs, r)
	}
	slices.SortStableFunc(rs, func(a, b ranked) int {
		if a.bucket != b.bucket {
			return cmp.Compare(a.bucket, b.bucket)
		}
		return cmp.Compare(a.rk, b.rk)
	})
	out := make([]column, len(rs))
	for i, r := range rs {
		out[i] = *r.c
	}
	return out
}

// nameRank orders the fields that name a record, or is -1 for others.
func nameRank(key string) int {
	k := strings.ToLower(key)
	switch {
	case k == "name":
		return 0
	case k == "title":
		return 1
	case strings.HasSuffix(k, "_name") || strings.HasSuffix(k, "name"):
		return 2
	case strings.HasSuffix(k, "_title"):
		return 3
	case k == "label":
		return 4
	case k == "domain" || k == "host" || strings.HasSuffix(k, "_domain"):
		return 5
	case k == "url" || k == "link" || strings.HasSuffix(k, "_url"):
		return 6
	case k == "path":
		return 7
	case k == "slug" || k == "alias":
		return 8
	}
	return -1
}

// recordFields reads the records of a list; a plain value is a record
// with one field named "".
func recordFields(items []json.RawMessage) [][]field {
	recs := make([][]field, len(items))
	for i, it := range items {
		if firstByte(it) == '{' {
			if fs, err := fieldsOf(it); err == nil {
				recs[i] = fs
				continue
			}
		}
		recs[i] = []field{{Key: "", Value: it}}
	}
	return recs
}

// listGrid is the table of a list of records: every column, those after
// the first limit shown only with -o wide. On a narrow terminal the id
// never gives way, name-like text (names, titles, domains, URLs) is
// shortened before it is dropped, and the columns to the right go first.
func listGrid(items []json.RawMessage, loc *time.Location, limit int) output.Grid {
	recs := recordFields(items)
	cols := listColumns(recs)
	g := output.Grid{Header: make([]string, len(cols)), Rows: make([][]string, len(recs)), Columns: make([]output.Column, len(cols))}
	g.Heads = make([]output.Head, len(cols))
	for i, c := range cols {
		g.Header[i] = headerName(c.key)
		g.Heads[i] = recordHead(c.key)
		g.Columns[i] = output.Column{Priority: i, Wide: i >= limit, Keep: i == 0 && c.first >= 0 && isIDKey(c.key, cols)}
		if nameRank(c.key) >= 0 && !c.nested {
			g.Columns[i].MinWidth = nameMinWidth
		}
	}
	for i, r := range recs {
		row := make([]string, len(cols))
		for j, c := range cols {
			if v, ok := lookup(r, c.key); ok {
				row[j] = fieldCell(c.key, v, loc, listCellRunes)
			}
		}
		g.Rows[i] = row
	}
	return g
}

// nameMinWidth is the narrowest a name-like column of a list is shortened
// to on a narrow terminal.
const nameMinWidth = 10

// isIDKey reports whether key is the id column listColumns put first.
func isIDKey(key string, cols []column) bool {
	return len(cols) > 0 && cols[0].key == key && (key == "id" || strings.HasSuffix(strings.ToLower(key), "_id"))
}

// listCSV has a column for every leaf field of the records, nested ones
// flattened to a.b and a[0].b as recordCSV does, in order of first
// appearance.
func listCSV(items []json.RawMessage) output.Grid {
	recs := make([][]field, len(items))
	var keys []string
	seen := map[string]bool{}
	for i, it := range items {
		var fs []field
		add := func(k string, v []byte) {
			fs = append(fs, field{Key: k, Value: v})
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
		if firstByte(it) == '{' {
			if flatten("", it, 0, add) != nil {
				fs = nil
				add("", it)
			}
		} else {
			add("", it)
		}
		recs[i] = fs
	}
	g := output.Grid{Header: make([]string, len(keys)), Rows: make([][]string, len(recs))}
	for i, k := range keys {
		g.Header[i] = k
		if k == "" {
			g.Header[i] = "value"
		}
	}
	for i, r := range recs {
		row := make([]string, len(keys))
		for j, k := range keys {
			if v, ok := lookup(r, k); ok {
				row[j] = plainValue(v)
			}
		}
		g.Rows[i] = row
	}
	return g
}

func lookup(fs []field, key string) ([]byte, bool) { return records.Get(fs, key) }

// headerName is a field name as a column header: NAME, PAGE COUNT,
// PUBLISHED (is_published), by the rule of fieldLabel.
func headerName(key string) string {
	if key == "" { // a list of plain values: its one column
		return output.English([]output.Head{recordHead(key)}, false)[0]
	}
	return clipRunes(strings.ToUpper(fieldLabel(key)), 30)
}

// fieldLabel is a field name, or a path of them (settings.seo_title,
// owners[0].id), as a card and a column name it, the way promo and product
// cards do: the "is" of a flag dropped, words apart, ID, URL, SKU and SEO in
// capitals, the first letter capitalised: Published, Page count,
// Settings.SEO title, Owners[0].ID.
func fieldLabel(key string) string {
	segs := strings.Split(termsafe.String(key), ".")
	for i, seg := range segs {
		name, index := seg, ""
		if j := strings.IndexByte(seg, '['); j > 0 {
			name, index = seg[:j], seg[j:]
		}
		words := strings.FieldsFunc(name, func(r rune) bool { return r == '_' })
		if len(words) > 1 && strings.EqualFold(words[0], "is") {
			words = words[1:]
		}
		for k, w := range words {
			switch strings.ToLower(w) {
			case "id", "url", "uri", "sku", "seo", "api", "ip":
				words[k] = strings.ToUpper(w)
			}
		}
		if len(words) > 0 {
			segs[i] = strings.Join(words, " ") + index
		}
	}
	out := strings.Join(segs, ".")
	if r, size := utf8.DecodeRuneInString(out); size > 0 {
		out = string(unicode.ToUpper(r)) + out[size:]
	}
	return out
}

// fieldCell renders the value of the field key for a table: a flag the
// server sends as 0 or 1 (the v1 API's active, is_main) as yes/no, as
// cellText does true and false; anything else by cellText.
func fieldCell(key string, v []byte, loc *time.Location, n int) string {
	if s := string(bytes.TrimSpace(v)); (s == "0" || s == "1") && isFlagName(key) {
		return YesNo(s == "1")
	}
	return cellText(v, loc, n)
}

// isFlagName reports whether the last name of a field path reads as a
// yes/no flag: is_…, has_…, …_enabled, active, visible and the like.
func isFlagName(key string) bool {
	name := key[strings.LastIndexByte(key, '.')+1:]
	if j := strings.IndexByte(name, '['); j >= 0 {
		name = name[:j]
	}
	words := strings.Split(strings.ToLower(name), "_")
	switch words[0] {
	case "is", "has", "can", "allow":
		return len(words) > 1
	}
	switch words[len(words)-1] {
	case "active", "enabled", "disabled", "visible", "hidden", "published", "deleted", "blocked", "archived":
		return true
	}
	return false
}

// recordGrids shows a JSON object as key/value rows.
func recordGrids(raw []byte, loc *time.Location) ([]output.Grid, error) {
	if firstByte(raw) != '{' {
		return []output.Grid{{Rows: [][]string{{"value:", cellText(raw, loc, recordValueRunes)}}, KeyValue: true}}, nil
	}
	var rows [][]string
	var heads []output.Head
	more := 0
	err := flatten("", raw, 0, func(k string, v []byte) {
		if len(rows) >= maxRecordRows {
			more++
			return
		}
		rows = addWrapped(rows, fieldLabel(k)+":", fieldCell(k, v, loc, recordValueRunes))
		heads = append(heads, recordHead(k))
		for len(heads) < len(rows) {
			heads = append(heads, output.Head{}) // a wrapped value's next lines
		}
	})
	if err != nil {
		return nil, err
	}
	if more > 0 {
		said := i18n.C("view.more_fields", more)
		rows = append(rows, []string{"…", i18n.New(i18n.English).Say(said)})
		heads = append(heads, output.Head{Said: said})
	}
	return []output.Grid{{Rows: rows, Heads: heads, KeyValue: true}}, nil
}

// recordCSV shows a JSON object as one CSV row of its flattened fields.
func recordCSV(raw []byte) (output.Grid, error) {
	if firstByte(raw) != '{' {
		return output.Grid{Header: []string{"value"}, Rows: [][]string{{plainValue(raw)}}}, nil
	}
	var g output.Grid
	row := []string{}
	err := flatten("", raw, 0, func(k string, v []byte) {
		g.Header = append(g.Header, k)
		row = append(row, plainValue(v))
	})
	g.Rows = [][]string{row}
	return g, err
}

// flatten calls add for each leaf of v: a plain value, an empty or
// summarised object or array, or an array of plain values.
func flatten(prefix string, v []byte, depth int, add func(k string, v []byte)) error {
	switch firstByte(v) {
	case '{':
		if isEmpty(v) || depth >= maxDepth {
			if prefix != "" {
				add(prefix, v)
			}
			return nil
		}
		fs, err := records.Fields(v)
		if err != nil {
			return err
		}
		for _, f := range fs {
			key := f.Key
			if prefix != "" {
				key = prefix + "." + key
			}
			if err := flatten(key, f.Value, depth+1, add); err != nil {
				return err
			}
		}
		return nil
	case '[':
		es, err := records.Elements(v)
		if err != nil {
			return err
		}
		plain := true
		for _, e := range es {
			if b := firstByte(e); b == '{' || b == '[' {
				plain = false
			}
		}
		if len(es) == 0 || plain || len(es) > maxIndexed || depth >= maxDepth {
			add(prefix, v)
			return nil
		}
		for i, e := range es {
			if err := flatten(prefix+"["+strconv.Itoa(i)+"]", e, depth+1, add); err != nil {
				return err
			}
		}
		return nil
	}
	add(prefix, v)
	return nil
}

// cellText renders a raw JSON value for a table: text made terminal-safe
// and shortened to n characters, dates in loc, flags as yes/no, null as
// "-", an array of plain values joined, other objects and arrays as a
// summary.
func cellText(v []byte, loc *time.Location, n int) string {
	switch firstByte(v) {
	case '"':
		s := jsonText(v)
		if t, ok := dateTime(s); ok {
			return t.In(loc).Format("2006-01-02 15:04")
		}
		return clipRunes(termsafe.String(s), n)
	case 't':
		return "yes"
	case 'f':
		return "no"
	case 'n':
		return "-"
	case '{':
		return summary(v)
	case '[':
		if s, ok := joinPlain(v, loc, n); ok {
			return s
		}
		return summary(v)
	}
	return termsafe.String(string(v))
}

// joinPlain joins an array of plain values ("a, b, c") when it fits in n
// characters.
func joinPlain(v []byte, loc *time.Location, n int) (string, bool) {
	es, err := records.Elements(v)
	if err != nil || len(es) == 0 {
		return "", false
	}
	parts := make([]string, 0, len(es))
	size := 0
	for _, e := range es {
		if b := firstByte(e); b == '{' || b == '[' {
			return "", false
		}
		s := cellText(e, loc, n)
		size += utf8.RuneCountInString(s) + 2
		if size > n+2 {
			return "", false
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", "), true
}

// summary describes an object or array by its size: {3 fields}, [2 items].
func summary(v []byte) string {
	if firstByte(v) == '{' {
		fs, err := records.Fields(v)
		if err != nil {
			return "{…}"
		}
		switch n := len(fs); n {
		case 0:
			return "{}"
		case 1:
			return "{1 field}"
		default:
			return fmt.Sprintf("{%d fields}", n)
		}
	}
	es, err := records.Elements(v)
	if err != nil {
		return "[…]"
	}
	switch n := len(es); n {
	case 0:
		return "[]"
	case 1:
		return "[1 item]"
	default:
		return fmt.Sprintf("[%d items]", n)
	}
}

// plainValue renders a raw JSON value for CSV: text as it is, numbers as
// sent, true/false, null as empty, objects and arrays as compact JSON.
func plainValue(v []byte) string {
	switch firstByte(v) {
	case '"':
		return jsonText(v)
	case 'n':
		return ""
	case '{', '[':
		var b bytes.Buffer
		if json.Compact(&b, v) == nil {
			return b.String()
		}
	}
	return string(v)
}

// jsonText decodes a JSON string; one without escapes is not handed to
// encoding/json.
func jsonText(v []byte) string {
	if len(v) >= 2 && bytes.IndexByte(v, '\\') < 0 {
		return string(v[1 : len(v)-1])
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		return string(v)
	}
	return s
}

// dateTime recognises a date-time as the API writes it
// (2021-08-04T13:57:37.243Z), or any RFC 3339 date-time with a zone.
func dateTime(s string) (time.Time, bool) {
	if len(s) < 20 || len(s) > 35 || s[4] != '-' || s[10] != 'T' {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	return t, err == nil
}

// isEmpty reports whether an object or array has no members.
func isEmpty(v []byte) bool {
	v = bytes.TrimSpace(v)
	return len(v) < 2 || len(bytes.TrimSpace(v[1:len(v)-1])) == 0
}

func firstByte(v []byte) byte { return records.Kind(v) }

// clipRunes shortens s to its first n characters and "…".
func clipRunes(s string, n int) string {
	count := 0
	for i := range s {
		if count == n {
			return s[:i] + "…"
		}
		count++
	}
	return s
}

// wrapWidth is the width long text is wrapped to in key/value rows, so a
// record stays readable on an 80-column terminal.
const wrapWidth = 72

// wrapText breaks s into lines of at most width characters at spaces; a
// word longer than width is split.
func wrapText(s string, width int) []string {
	var lines []string
	line, n := "", 0
	for _, w := range strings.Fields(s) {
		for utf8.RuneCountInString(w) > width {
			if n > 0 {
				lines = append(lines, line)
				line, n = "", 0
			}
			cut := 0
			for i := range w {
				if cut == width {
					lines = append(lines, w[:i])
					w = w[i:]
					break
				}
				cut++
			}
		}
		wn := utf8.RuneCountInString(w)
		switch {
		case n == 0:
			line, n = w, wn
		case n+1+wn <= width:
			line, n = line+" "+w, n+1+wn
		default:
			lines = append(lines, line)
			line, n = w, wn
		}
	}
	if n > 0 || len(lines) == 0 {
		lines = append(lines, line)
	}
	return lines
}

// addWrapped appends a key/value row, continuing long text on rows with an
// empty key.
func addWrapped(rows [][]string, key, value string) [][]string {
	for i, l := range wrapText(value, wrapWidth) {
		if i > 0 {
			key = ""
		}
		rows = append(rows, []string{key, l})
	}
	return rows
}

// EmptyList reports whether raw is a list with nothing in it: null, [], or
// an object wrapping an empty list ({"data": []}). It reads no further
// than it must, so it is cheap on a long list.
func EmptyList(raw json.RawMessage) bool {
	switch firstByte(raw) {
	case 'n':
		return true
	case '[':
		return isEmpty(raw)
	case '{':
		return RecordCount(raw) == 0
	}
	return false
}

// recordHead is the head of a record's field key: its label's catalog id
// (table.page_count for page_count, table.published for is_published),
// whose header stays as the view writes it where the catalog has none,
// and what its cells hold.
func recordHead(key string) output.Head {
	if key == "" {
		return output.Head{ID: "table.value", Cell: output.CellText}
	}
	id := strings.ReplaceAll(strings.ToLower(fieldLabel(key)), " ", "_")
	c := output.CellText
	switch id {
	case "status", "published", "visible", "current", "role", "enabled", "valid", "valid_now", "home", "active", "state", "action":
		c = output.CellWord
	case "price", "old_price":
		c = output.CellAmount
	case "weight", "quantity":
		c = output.CellNumber
	case "date", "created_at", "updated_at", "started", "date_create", "date_update", "used_at", "starts", "ends":
		c = output.CellDateTime
	case "day":
		c = output.CellDay
	case "currency":
		c = output.CellCurrency
	case "order_total", "discount_total", "order_price", "discount", "delivery_price", "to_pay":
		c = output.CellMoney
	}
	return output.Head{ID: "table." + id, Cell: c}
}
