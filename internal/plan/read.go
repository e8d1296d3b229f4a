// Package plan is promo apply's pure part: it reads a file of desired
// promo codes (CSV, a JSON array, a YAML list), checks every row with the
// rules of promo create, matches the rows to a site's codes, and diffs
// them into a Plan of creates, updates, deletes and disables. The same
// Plan is printed (--dry-run, -o json), confirmed, and turned into the
// bulk engine's operations, so the three cannot disagree. It sends
// nothing: the caller reads the list and runs the plan.
package plan

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/jsonscan"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promo/spec"
	"github.com/promoctl/promoctl/internal/sheet"
)

// Row is one promo code of a file, as the file declares it.
type Row struct {
	// Line is where the row is: its CSV line, or its item number (from 1)
	// in a JSON array or YAML list.
	Line int
	// ID is the row's id, 0 when it names none; SiteID likewise.
	ID, SiteID int64
	// Changes are the fields the row names; a field left out or empty is
	// not named, so it is left as it is.
	Changes promo.Changes
	// Unit is what the row's bonus_amount said it is besides its number
	// (15 %, 500,00 ₽), for Make to check against the code's kind;
	// AmountText the amount as written, for its message.
	Unit       promo.AmountUnit
	AmountText string
	// EndWritten is the row's end as written when it was 00:00 or a date
	// alone (promo.ParseFileEnd), and Changes.Ends the end of that day:
	// Make keeps a code's current end that is EndWritten.
	EndWritten *time.Time
}

// Problem is one thing wrong with a file, at a line (CSV) or item
// (JSON, YAML); Line 0 is the file as a whole. Msg is what is wrong, a
// catalog's message: Problems.Say gives it in a language.
type Problem struct {
	Line int
	Msg  i18n.Message
}

// Problems is every problem found in a file, up to MaxProblems: nothing
// is sent when there are any. Past MaxProblems a problem is only counted
// (More), and reading stops at the end of the row that filled the list
// (Stopped), whatever the problems are: a file of millions of bad rows
// costs no more than one of MaxProblems.
type Problems struct {
	File string
	List []Problem
	// More is how many problems were found and not listed.
	More int
	// Stopped is the line (item) after which reading stopped with the
	// list full; 0 when the file was read to its end.
	Stopped int
	// warnings wait for the end of the reading: a file refused as a
	// whole (not text) gets none.
	warnings []i18n.Message
	// badHeader is set when a column's name is a problem: the rows'
	// lack of a code may be its doing, and is not said again.
	badHeader bool
}

// Error is Message in English.
func (p *Problems) Error() string { return i18n.New(i18n.English).Say(p.Message()) }

// Message is the error as a catalog's message: the one problem with its
// place, or how many there are.
func (p *Problems) Message() i18n.Message {
	if len(p.List) == 1 && p.More == 0 {
		return p.At(p.List[0])
	}
	return i18n.C("plan.problems", len(p.List)+p.More, "File", p.File)
}

// Lines are the problems as FILE:LINE: message, in the order of the file.
func (p *Problems) Lines() []string { return p.Say(nil) }

// Say is Lines in msg's language (nil: English).
func (p *Problems) Say(msg *i18n.Printer) []string {
	if msg == nil {
		msg = i18n.New(i18n.English)
	}
	out := make([]string, len(p.List))
	for i, pr := range p.List {
		out[i] = msg.Say(p.At(pr))
	}
	return out
}

// At is a problem with its place: FILE:LINE: what, or FILE: what.
func (p *Problems) At(pr Problem) i18n.Message {
	if pr.Line == 0 {
		return i18n.M("apply.at_file", "File", p.File, "What", pr.Msg)
	}
	return i18n.M("apply.at_line", "File", p.File, "Line", pr.Line, "What", pr.Msg)
}

// addMsg adds the problem m, a catalog's message.
func (p *Problems) addMsg(line int, m i18n.Message) {
	if p.full() {
		p.More++
		return
	}
	p.List = append(p.List, Problem{Line: line, Msg: m})
}

// full reports whether the list holds MaxProblems.
func (p *Problems) full() bool { return len(p.List) >= MaxProblems }

// stop reports whether reading stops after line: the list is full.
func (p *Problems) stop(line int) bool {
	if !p.full() {
		return false
	}
	if p.Stopped == 0 {
		p.Stopped = line
	}
	return true
}

// reset forgets every problem: one that says the file cannot be read at
// all comes instead.
func (p *Problems) reset() {
	p.List, p.More, p.Stopped = p.List[:0], 0, 0
}

func (p *Problems) err() error {
	if len(p.List) == 0 {
		return nil
	}
	sort.SliceStable(p.List, func(i, j int) bool { return p.List[i].Line < p.List[j].Line })
	return p
}

// Format is how a file is written.
type Format string

// The formats a file may have.
const (
	CSV  Format = "csv"
	JSON Format = "json"
	YAML Format = "yaml"
	// XLSX is an Excel workbook (Office Open XML), as Excel and LibreOffice
	// save it.
	XLSX Format = "xlsx"
	// ODS is an OpenDocument spreadsheet, LibreOffice's own.
	ODS Format = "ods"
)

// workbook reports whether a format is a workbook's (.xlsx, .ods).
func (f Format) workbook() bool { return f == XLSX || f == ODS }

// Sniff tells a file's format from its name's extension, else from its
// first characters: a ZIP archive is a workbook, [ or { is JSON, - or ---
// YAML, anything else CSV.
func Sniff(name string, data []byte) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".xlsx", ".xlsm", ".xls":
		return XLSX // an .xls is refused by the workbook reader, saying what it is
	case ".ods":
		return ODS
	case ".csv", ".tsv", ".txt":
		return CSV
	case ".json":
		return JSON
	case ".yaml", ".yml":
		return YAML
	}
	if bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		if bytes.Contains(data[:min(len(data), 128)], []byte("mimetypeapplication/vnd.oasis.opendocument.spreadsheet")) {
			return ODS
		}
		return XLSX
	}
	if sheet.IsCompound(data) {
		return XLSX // encrypted, or an .xls: the workbook reader says which
	}
	t := bytes.TrimLeft(bytes.TrimPrefix(data, bom), " \t\r\n")
	switch {
	case len(t) == 0:
		return CSV
	case t[0] == '[' || t[0] == '{':
		return JSON
	case t[0] == '-' || t[0] == '#':
		return YAML
	}
	return CSV
}

var bom = []byte("\ufeff")

// Columns are the fields a file may name, in the order of the API's list:
// id, the writable fields (promo.Registry), and site_id.
func Columns() []string {
	cols := []string{"id"}
	cols = append(cols, promo.FieldNames(func(f promo.FieldSpec) bool { return f.Writable })...)
	return append(cols, "site_id")
}

// ignored are the columns of promo list's output that no one writes (the
// read-only fields of promo.Registry but id, and the list's status): they
// are read over, so that the list applies as it is.
func ignored(key string) bool {
	if f, ok := promo.Lookup(key); ok {
		return !f.Writable && key != "id"
	}
	return key == "user_id" || key == "status"
}

func known(key string) bool {
	for _, c := range Columns() {
		if c == key {
			return true
		}
	}
	return false
}

// unknownField says a key is not a field, with the nearest known name.
func unknownField(key string) i18n.Message {
	best, dist := "", 1<<30
	k := strings.ToLower(strings.TrimSpace(key))
	readOnly := promo.FieldNames(func(f promo.FieldSpec) bool { return !f.Writable && f.Name != "id" })
	names := append(Columns(), readOnly...)
	if utf8.RuneCountInString(k) > MaxName {
		names = nil // no name is near it
	}
	for _, c := range names {
		d := levenshtein([]rune(k), []rune(c))
		if len(k) >= 4 && strings.Contains(c, k) {
			d = 1 // enabled: is_enabled
		}
		if d <= max(1, len(c)/4) && d < dist {
			best, dist = c, d
		}
	}
	if best != "" {
		return i18n.M("apply.unknown_field_near", "Value", echo(key), "Suggestion", best)
	}
	return i18n.M("apply.unknown_field", "Value", echo(key))
}

func levenshtein(a, b []rune) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// cell is one value of a row as written: text, or for JSON and YAML a
// null or a value that is not a scalar.
type cell struct {
	key      string
	text     string
	null     bool
	compound bool
}

// MaxProblems is how many problems Read lists: it counts those after
// them to the end of the row that filled the list, and stops reading.
const MaxProblems = 200

// MaxName is the most characters a column's (a field's) name may have;
// MaxValue the most a value of a field read may have, far more than any
// has (a code has 15). Neither is echoed whole in a message (short).
const (
	MaxName  = 100
	MaxValue = 100
)

// MaxRows is the most rows a file may have. The rows are checked as they
// are read and only what they declare is kept, so reading takes memory in
// proportion to the rows (about 0.3 KiB a row: docs/performance.md),
// not to the file's size; a file of more rows is refused with one line.
const MaxRows = 200_000

// ReadOptions say how to read a file.
type ReadOptions struct {
	// Loc is where dates without a zone are (the local time zone).
	Loc *time.Location
	// Sheet is the sheet of a workbook to read; empty: the first.
	Sheet string
	// Columns are --column: columns of a CSV file or a sheet, by their
	// header, read as API fields.
	Columns []ColumnMap
	// Warn is given the warnings of the reading (columns that name
	// nothing, read over); nil drops them.
	Warn func(i18n.Message)
}

// Read reads the rows of a file named name (for messages and its
// extension) and checks each of them: every value with the rules of promo
// create (dates without a zone in loc; a date alone in d_off is the end of
// that day), and the file as a whole (unknown columns, duplicate codes or
// ids). Any problem: a *Problems listing them all.
func Read(name string, data []byte, loc *time.Location) ([]Row, error) {
	return ReadFrom(name, bytes.NewReader(data), ReadOptions{Loc: loc})
}

// ReadFrom is Read of a file given as a reader it can go back in: a CSV
// file is read twice (once to tell its encoding, then row by row), a
// workbook's sheet row by row; neither is held in memory as a whole.
func ReadFrom(name string, f io.ReadSeeker, o ReadOptions) ([]Row, error) {
	return ReadContext(context.Background(), name, f, o)
}

// ReadContext is ReadFrom ending when ctx ends (with ctx's error): a
// workbook's read checks it at every row.
func ReadContext(ctx context.Context, name string, f io.ReadSeeker, o ReadOptions) ([]Row, error) {
	probs := &Problems{File: name}
	var head [512]byte
	n, err := io.ReadFull(f, head[:])
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, i18n.NewError(0, "plan.read", "File", name, "Err", err)
	}
	if _, err = f.Seek(0, io.SeekStart); err != nil {
		return nil, i18n.NewError(0, "plan.read", "File", name, "Err", err)
	}
	format := Sniff(name, head[:n])
	if o.Sheet != "" && !format.workbook() {
		probs.addMsg(0, i18n.M("apply.sheet_not_workbook", "Format", strings.ToUpper(string(format))))
		return nil, probs.err()
	}
	if len(o.Columns) > 0 && (format == JSON || format == YAML) {
		probs.addMsg(0, i18n.M("sheet.column_flag_format", "Format", strings.ToUpper(string(format))))
		return nil, probs.err()
	}
	var rows []Row
	codes := map[string]int{}
	ids := map[int64]int{}
	seen := false
	emit := func(line int, cells []cell) bool {
		seen = true
		if probs.stop(line) {
			return false
		}
		if len(rows) >= MaxRows {
			probs.reset()
			probs.addMsg(0, i18n.M("apply.too_many_rows", "Max", i18n.Number(MaxRows)))
			rows = nil
			return false
		}
		r := parseRow(line, cells, o.Loc, probs)
		if r.Changes.Code != nil {
			k := strings.ToUpper(*r.Changes.Code)
			if first, dup := codes[k]; dup {
				probs.addMsg(r.Line, i18n.M("apply.code_twice", "Code", *r.Changes.Code, "First", first))
			} else {
				codes[k] = r.Line
			}
		}
		if r.ID != 0 {
			if first, dup := ids[r.ID]; dup {
				probs.addMsg(r.Line, i18n.M("apply.id_twice", "ID", r.ID, "First", first))
			} else {
				ids[r.ID] = r.Line
			}
		}
		if r.ID == 0 && r.Changes.Code == nil && !probs.badHeader {
			probs.addMsg(r.Line, i18n.M("apply.no_id_or_code"))
		}
		rows = append(rows, r)
		return !probs.stop(line)
	}
	switch format {
	case CSV:
		err = readCSV(f, o, probs, emit)
	case XLSX, ODS:
		err = readWorkbook(ctx, f, o, probs, emit)
	case JSON:
		if bytes.HasPrefix(head[:n], bom) {
			_, err = f.Seek(int64(len(bom)), io.SeekStart)
		}
		if err == nil {
			err = readJSON(f, probs, emit)
		}
	default:
		var data []byte
		if data, err = io.ReadAll(io.LimitReader(f, maxYAML+1)); err == nil {
			if len(data) > maxYAML {
				probs.addMsg(0, i18n.M("apply.yaml_too_large", "MiB", maxYAML>>20))
			} else {
				readYAML(data, probs, emit)
			}
		}
	}
	if err != nil {
		return nil, i18n.NewError(0, "plan.read", "File", name, "Err", err)
	}
	if o.Warn != nil && !slices.ContainsFunc(probs.List, func(p Problem) bool { return p.Line == 0 }) {
		for _, w := range probs.warnings {
			o.Warn(w)
		}
	}
	if !seen && len(probs.List) == 0 {
		probs.addMsg(0, i18n.M("apply.no_codes"))
	}
	if err := probs.err(); err != nil {
		return nil, err
	}
	return rows, nil
}

// errNotText ends the reading of a CSV file that is in none of the
// encodings spreadsheets save text in.
var errNotText = i18n.NewError(2, "apply.not_text")

// readCSV reads a header row and the rows under it, as whatever program
// saved them (textReader): the separator is a comma, a semicolon or a tab,
// as the header row tells (a spreadsheet in a locale with decimal commas
// separates with semicolons, "Unicode text" with tabs), and a line ends
// at LF, CRLF or CR. Rows that are empty or only separators are skipped.
// Each row goes to emit as it is read; a false from emit stops, and so
// does a full list of problems. No row is held past the bounds of
// csvRows.
func readCSV(f io.ReadSeeker, o ReadOptions, probs *Problems, emit func(int, []cell) bool) error {
	text, err := textReader(f)
	if errors.Is(err, errNotText) {
		probs.addMsg(0, i18n.M("apply.not_text"))
		return nil
	}
	if err != nil {
		return err
	}
	br := bufio.NewReaderSize(text, 64<<10)
	r := newCSVRows(br, separator(br))
	var head []string
	var headLine int
	for {
		head, headLine, err = r.Read()
		if err != nil || !blank(head) {
			break
		}
	}
	var over *rowError
	switch {
	case errors.Is(err, errNotText):
		probs.reset()
		probs.addMsg(0, i18n.M("apply.not_text"))
		return nil
	case err == io.EOF:
		return nil
	case errors.As(err, &over):
		probs.addMsg(headLine, overMessage(over, head, nil))
		return nil
	case err != nil:
		probs.addMsg(headLine, i18n.M("apply.header_unreadable", "Err", csvMessage(err)))
		return nil
	}
	keys, use := header(head, headLine, probs, o)
	if probs.stop(headLine) {
		return nil
	}
	for {
		rec, line, err := r.Read()
		if err == io.EOF {
			break
		}
		if errors.Is(err, errNotText) {
			probs.reset()
			probs.addMsg(0, i18n.M("apply.not_text"))
			return nil
		}
		over = nil
		switch {
		case errors.As(err, &over):
			probs.addMsg(line, overMessage(over, rec, keys))
		case err != nil:
			var pe *csv.ParseError
			if !errors.As(err, &pe) {
				return err
			}
			probs.addMsg(line, csvMessage(err))
		case blank(rec):
			continue
		default:
			for len(rec) > len(keys) && strings.TrimSpace(rec[len(rec)-1]) == "" {
				rec = rec[:len(rec)-1] // empty cells after the last column
			}
			if len(rec) != len(keys) {
				probs.addMsg(line, i18n.M("apply.values_for_columns", "Values", len(rec), "Columns", len(keys)))
				break
			}
			cells := make([]cell, 0, len(rec))
			for i, v := range rec {
				if use[i] {
					cells = append(cells, cell{key: keys[i], text: v})
				}
			}
			if !emit(line, cells) {
				return nil
			}
		}
		if probs.stop(line) {
			return nil
		}
	}
	return nil
}

// overMessage says what bound a row (the header: keys nil) is over.
func overMessage(e *rowError, rec, keys []string) i18n.Message {
	switch {
	case errors.Is(e.Err, errManyValues) && keys == nil:
		return i18n.M("bounds.header_columns", "Max", MaxColumns)
	case errors.Is(e.Err, errManyValues):
		return i18n.M("bounds.row_values", "Max", MaxColumns, "Columns", len(keys))
	case errors.Is(e.Err, errLongRow):
		return i18n.M("bounds.row_long", "MiB", MaxRowBytes>>20)
	case keys == nil:
		return i18n.M("bounds.name_long", "Column", e.Col+1, "Max", MaxName, "Start", echo(rec[e.Col]))
	}
	column := strconv.Itoa(e.Col + 1)
	if e.Col < len(keys) && keys[e.Col] != "" {
		column = keys[e.Col]
	}
	start := ""
	if e.Col < len(rec) {
		start = echo(rec[e.Col])
	}
	return i18n.M("bounds.cell_long", "Column", column, "Max", MaxCell, "Start", start)
}

// cut is s cut to its first shortRunes characters, and … after them when
// it goes on: a value a message quotes itself.
func cut(s string) string {
	i, n := 0, 0
	for i < len(s) && n < shortRunes {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	if i < len(s) {
		return s[:i] + "…"
	}
	return s
}

// echo is s to be echoed in a message that quotes it in its language's
// quotation marks ("…" or «…»): its first shortRunes characters, and …
// after them when it goes on. A value is echoed only so, whatever its
// length.
func echo(s string) string {
	c := cut(s)
	body := promo.Quoted(strings.TrimSuffix(c, "…"))
	if len(c) < len(s) {
		return body + "…"
	}
	return body
}

const shortRunes = 40

// blank reports whether a row is empty or only separators (and spaces).
func blank(rec []string) bool {
	for _, v := range rec {
		if strings.TrimSpace(v) != "" {
			return false
		}
	}
	return true
}

// separator tells a CSV file's separator from its header row (its first
// line that is not empty, ending at LF or CR): a comma, else a semicolon or a tab, whichever
// it has more of.
func separator(br *bufio.Reader) rune {
	peek, _ := br.Peek(br.Size())
	for {
		line := peek
		if i := bytes.IndexAny(peek, "\r\n"); i >= 0 {
			line, peek = peek[:i], peek[i+1:]
		} else {
			peek = nil
		}
		if len(bytes.TrimSpace(line)) > 0 || len(peek) == 0 {
			switch semi, tab := bytes.Count(line, []byte(";")), bytes.Count(line, []byte("\t")); {
			case bytes.IndexByte(line, ',') >= 0:
				return ','
			case semi > 0 && semi >= tab:
				return ';'
			case tab > 0:
				return '\t'
			}
			return ','
		}
	}
}

// csvMessage says what is wrong with a row's quotes.
func csvMessage(err error) i18n.Message {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	switch {
	case errors.Is(err, csv.ErrBareQuote):
		return i18n.M("apply.csv_bare_quote")
	case errors.Is(err, csv.ErrQuote):
		return i18n.M("apply.csv_quote")
	}
	return problemMessage(err)
}

// problemMessage is err as a problem's message: a catalog's when it has
// one (a value's reader, a field's check), else its text.
func problemMessage(err error) i18n.Message {
	var fe *promo.FieldError
	var df *promo.DateFormError
	var said *i18n.Error
	switch {
	case errors.As(err, &fe):
		return fieldMessage(fe.Field, fe.Err)
	case errors.As(err, &df):
		return df.Message()
	case errors.As(err, &said):
		return said.Msg
	}
	return i18n.M("apply.error", "Err", err)
}

// fieldMessage is the problem of field's value: "FIELD: what is wrong".
func fieldMessage(field string, err error) i18n.Message {
	return i18n.M("apply.field_value", "Field", field, "Err", problemMessage(err))
}

// yamlLine is the line a YAML parser's error names, 0 for none.
func yamlLine(err error) int {
	var line int
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if _, e := fmt.Sscanf(msg, "line %d:", &line); e != nil {
		return 0
	}
	return line
}

// readYAML reads a JSON array or a YAML list of objects (JSON is YAML):
// item numbers from 1 stand for lines.
func readYAML(data []byte, probs *Problems, emit func(int, []cell) bool) {
	dec := yaml.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, bom)))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err != io.EOF {
			probs.addMsg(0, i18n.M("apply.not_list_yaml", "Line", yamlLine(err)))
		}
		return
	}
	var next yaml.Node
	if err := dec.Decode(&next); err != io.EOF {
		probs.addMsg(0, i18n.M("apply.documents"))
		return
	}
	list := &doc
	if list.Kind == yaml.DocumentNode && len(list.Content) > 0 {
		list = list.Content[0]
	}
	if list.Kind == yaml.ScalarNode && list.Tag == "!!null" {
		return
	}
	if list.Kind != yaml.SequenceNode {
		probs.addMsg(0, i18n.M("apply.not_list"))
		return
	}
	for n, item := range list.Content {
		cells, ok := itemCells(n+1, item, probs)
		if ok && !emit(n+1, cells) {
			return
		}
	}
}

// itemCells reads the fields of item line of a JSON array or YAML list;
// ok is false when the item is not an object.
func itemCells(line int, item *yaml.Node, probs *Problems) (cells []cell, ok bool) {
	if item.Kind == yaml.AliasNode {
		item = item.Alias
	}
	if item.Kind != yaml.MappingNode {
		probs.addMsg(line, i18n.M("apply.item_not_object", "Item", line))
		return nil, false
	}
	cells = make([]cell, 0, len(item.Content)/2)
	seen := map[string]bool{}
	for i := 0; i+1 < len(item.Content); i += 2 {
		k, v := item.Content[i].Value, item.Content[i+1]
		switch {
		case seen[k]:
			probs.addMsg(line, i18n.M("apply.field_twice", "Value", echo(k)))
			continue
		case ignored(k):
			continue
		case !known(k):
			probs.addMsg(line, unknownField(k))
			continue
		}
		seen[k] = true
		if v.Kind == yaml.AliasNode {
			v = v.Alias
		}
		c := cell{key: k}
		switch {
		case v.Kind != yaml.ScalarNode:
			c.compound = true
		case v.Tag == "!!null":
			c.null = true
		default:
			c.text = v.Value // as written: 0012 stays 0012, a date stays a date
		}
		cells = append(cells, c)
	}
	return cells, true
}

// maxYAML is the largest YAML file Read takes: YAML is read as a whole
// (its parser has no way to hand out a list's items one at a time), and
// its tree takes about 25 times the file; 8 MiB is some 25,000 codes.
const maxYAML = 8 << 20

// readJSON reads a JSON array element by element (jsonscan.ArrayReader),
// so that only one element's tree is in memory at a time; anything that
// is not an array (an object, a YAML file named .json) is read by
// readYAML, which says what is wrong with it.
func readJSON(f io.Reader, probs *Problems, emit func(int, []cell) bool) error {
	ar := jsonscan.NewArrayReaderMax(f, 1<<20)
	first, err := ar.First()
	if err == io.EOF {
		return nil
	}
	if err != nil {
		return err
	}
	if first != '[' {
		rest, err := ar.Rest()
		if err != nil {
			return err
		}
		if len(rest) > maxYAML {
			probs.addMsg(0, i18n.M("apply.json_too_large", "MiB", maxYAML>>20))
			return nil
		}
		readYAML(rest, probs, emit)
		return nil
	}
	for line := 1; ; line++ {
		e, err := ar.Next()
		if err == io.EOF {
			return nil
		}
		var ee *jsonscan.ElementError
		var tl *jsonscan.TooLargeError
		switch {
		case errors.As(err, &ee):
			probs.addMsg(line, i18n.M("apply.item_not_json", "Item", line))
			return nil // the reader cannot go on past it
		case errors.As(err, &tl):
			probs.addMsg(line, i18n.M("apply.item_too_long", "Item", line))
			return nil
		case errors.Is(err, jsonscan.ErrTruncated):
			probs.addMsg(0, i18n.M("apply.json_truncated"))
			return nil
		case err != nil:
			probs.addMsg(0, i18n.M("apply.json_other", "Err", err))
			return nil
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(e, &doc); err != nil || doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
			probs.addMsg(line, i18n.M("apply.item_not_json", "Item", line))
			continue
		}
		cells, ok := itemCells(line, doc.Content[0], probs)
		if ok && !emit(line, cells) {
			return nil
		}
	}
}

// parseRow reads the values of one row, adding a problem for each that
// the rules of promo create refuse.
func parseRow(line int, cells []cell, loc *time.Location, probs *Problems) Row {
	r := Row{Line: line}
	c := &r.Changes
	n := len(probs.List)
	for _, v := range cells {
		text := unquoteFormula(strings.TrimSpace(v.text))
		if v.null || (!v.compound && text == "") {
			continue // left out: left as it is
		}
		if v.compound {
			probs.addMsg(line, i18n.M("apply.single_value", "Field", v.key))
			continue
		}
		if utf8.RuneCountInString(text) > MaxValue {
			probs.addMsg(line, i18n.M("bounds.value_long", "Field", v.key, "Max", MaxValue, "Start", echo(text)))
			continue
		}
		var err error
		switch v.key {
		case "id":
			r.ID, err = positive(text)
		case "site_id":
			r.SiteID, err = positive(text)
		default:
			err = setField(&r, v.key, text, loc)
		}
		if err != nil {
			probs.addMsg(line, fieldMessage(v.key, err))
		}
	}
	// promo list writes quantity_limit 0 beside a limit that is off: it
	// keeps the limit off, as in a -f file.
	if c.MaxUses != nil && c.QuantityLimit != nil && !*c.QuantityLimit && *c.MaxUses == 0 {
		c.MaxUses = nil
	}
	if len(probs.List) == n { // each value is fine: check them together
		if err := c.Validate(promo.FileNames()); err != nil {
			probs.addMsg(line, problemMessage(err))
		}
	}
	return r
}

// setField reads text into field key of r as a file holds it: by the
// field's parser, but an amount with its unit (promo.ParseAmountUnit) and
// an end at 00:00 as the end of its day (promo.ParseFileEnd).
func setField(r *Row, key, text string, loc *time.Location) error {
	f, ok := promo.Lookup(key)
	switch {
	case !ok || !f.Writable:
		return nil
	case f.Kind == spec.KindAmount:
		amount, unit, err := promo.ParseAmountUnit(text)
		if err != nil {
			return err
		}
		if err := f.SetValue(&r.Changes, amount); err != nil {
			return err
		}
		if r.Unit = unit; unit != promo.UnitNone {
			r.AmountText = strings.Clone(text)
		}
	case f.Kind == spec.KindDate && f.End:
		end, written, err := promo.ParseFileEnd(text, loc)
		if err != nil {
			return err
		}
		if err := f.SetValue(&r.Changes, end); err != nil {
			return err
		}
		if !written.IsZero() {
			r.EndWritten = &written
		}
	default:
		return f.Set(&r.Changes, text, loc)
	}
	return nil
}

func positive(s string) (int64, error) {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < 1 {
		return 0, i18n.NewError(0, "value.positive_whole", "Value", echo(s))
	}
	return v, nil
}

// unquoteFormula drops the ' that promoctl's CSV and spreadsheets put
// before a text that would otherwise be read as a formula ('=A1, '-5 off):
// the cell's value is what follows it.
func unquoteFormula(s string) string {
	if len(s) > 1 && s[0] == '\'' && strings.IndexByte("=+-@\t\r", s[1]) >= 0 {
		return s[1:]
	}
	return s
}
