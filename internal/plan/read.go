// Package plan is promo apply's pure part: it reads a file of desired
// promo codes (CSV, a JSON array, a YAML list), checks every row with the
// rules of promo create, matches the rows to a site's codes, and diffs
// them into a Plan of creates, updates, deletes and disables. The same
// Plan is printed (--dry-run, -o json), confirmed, and turned into the
// bulk engine's operations, so the three cannot disagree. It sends
// nothing: the caller reads the list and runs the plan.
package plan

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/promoctl/promoctl/internal/promo"
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
}

// Problem is one thing wrong with a file, at a line (CSV) or item
// (JSON, YAML); Line 0 is the file as a whole.
type Problem struct {
	Line int
	Msg  string
}

// Problems is every problem found in a file: nothing is sent when there
// are any.
type Problems struct {
	File string
	List []Problem
}

func (p *Problems) Error() string {
	if len(p.List) == 1 {
		return p.Lines()[0]
	}
	return fmt.Sprintf("%s: %d problems", p.File, len(p.List))
}

// Lines are the problems as FILE:LINE: message, in the order of the file.
func (p *Problems) Lines() []string {
	out := make([]string, len(p.List))
	for i, pr := range p.List {
		if pr.Line == 0 {
			out[i] = p.File + ": " + pr.Msg
		} else {
			out[i] = fmt.Sprintf("%s:%d: %s", p.File, pr.Line, pr.Msg)
		}
	}
	return out
}

func (p *Problems) add(line int, format string, args ...any) {
	p.List = append(p.List, Problem{line, fmt.Sprintf(format, args...)})
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
)

// Sniff tells a file's format from its name's extension, else from its
// first characters: [ or { is JSON, - or --- YAML, anything else CSV.
func Sniff(name string, data []byte) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".csv", ".tsv", ".txt":
		return CSV
	case ".json":
		return JSON
	case ".yaml", ".yml":
		return YAML
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
// id, the writable fields, and site_id.
func Columns() []string {
	return []string{"id", "code", "is_enabled", "bonus_type", "bonus_amount", "bonus_amount_is_in_percentages",
		"time_limit_is_enabled", "d_on", "d_off", "quantity_limit_is_enabled", "quantity_limit", "personal_limit_is_enabled", "site_id"}
}

// ignored are the columns of promo list's output that no one writes:
// they are read over, so that the list applies as it is.
func ignored(key string) bool {
	switch key {
	case "pos", "promo_used_count", "is_valid", "user_id", "status":
		return true
	}
	return false
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
func unknownField(what, key string) string {
	best, dist := "", 1<<30
	k := strings.ToLower(strings.TrimSpace(key))
	for _, c := range append(Columns(), "pos", "promo_used_count", "is_valid") {
		d := levenshtein(k, c)
		if len(k) >= 4 && strings.Contains(c, k) {
			d = 1 // enabled: is_enabled
		}
		if d <= max(1, len(c)/4) && d < dist {
			best, dist = c, d
		}
	}
	msg := fmt.Sprintf("unknown %s %q", what, key)
	if best != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", best)
	}
	return msg
}

func levenshtein(a, b string) int {
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

// MaxProblems is how many problems Read lists before it stops looking.
const MaxProblems = 200

// Read reads the rows of a file named name (for messages and its
// extension) and checks each of them: every value with the rules of promo
// create (dates without a zone in loc; a date alone in d_off is the end of
// that day), and the file as a whole (unknown columns, duplicate codes or
// ids). Any problem: a *Problems listing them all.
func Read(name string, data []byte, loc *time.Location) ([]Row, error) {
	probs := &Problems{File: name}
	var raw [][]cell
	var lines []int
	switch Sniff(name, data) {
	case CSV:
		raw, lines = readCSV(data, probs)
	default:
		raw, lines = readYAML(data, probs)
	}
	if len(raw) == 0 && len(probs.List) == 0 {
		probs.add(0, "the file has no promo codes: give a header row and a row per code (CSV), a JSON array of objects or a YAML list")
	}
	rows := make([]Row, 0, len(raw))
	codes := map[string]int{}
	ids := map[int64]int{}
	for i, cells := range raw {
		if len(probs.List) >= MaxProblems {
			break
		}
		r := parseRow(lines[i], cells, loc, probs)
		if r.Changes.Code != nil {
			k := strings.ToUpper(*r.Changes.Code)
			if first, dup := codes[k]; dup {
				probs.add(r.Line, "code %s is also on line %d: name each code once", *r.Changes.Code, first)
			} else {
				codes[k] = r.Line
			}
		}
		if r.ID != 0 {
			if first, dup := ids[r.ID]; dup {
				probs.add(r.Line, "id %d is also on line %d: name each promo code once", r.ID, first)
			} else {
				ids[r.ID] = r.Line
			}
		}
		if r.ID == 0 && r.Changes.Code == nil {
			probs.add(r.Line, "the row names neither an id nor a code")
		}
		rows = append(rows, r)
	}
	if err := probs.err(); err != nil {
		return nil, err
	}
	return rows, nil
}

// readCSV reads a header row and the rows under it. A spreadsheet's byte
// order mark is dropped, and a header with semicolons but no commas (a
// spreadsheet in a locale with decimal commas) is read with semicolons.
func readCSV(data []byte, probs *Problems) ([][]cell, []int) {
	data = bytes.TrimPrefix(data, bom)
	r := csv.NewReader(bytes.NewReader(data))
	header := data
	if i := bytes.IndexByte(header, '\n'); i >= 0 {
		header = header[:i]
	}
	switch {
	case bytes.Contains(header, []byte(";")) && !bytes.Contains(header, []byte(",")):
		r.Comma = ';'
	case bytes.Contains(header, []byte("\t")) && !bytes.Contains(header, []byte(",")):
		r.Comma = '\t'
	}
	r.FieldsPerRecord = -1
	r.ReuseRecord = false
	head, err := r.Read()
	if err == io.EOF {
		return nil, nil
	}
	if err != nil {
		probs.add(1, "cannot read the header row: %s", csvMessage(err))
		return nil, nil
	}
	keys := make([]string, len(head))
	use := make([]bool, len(head))
	seen := map[string]bool{}
	for i, h := range head {
		k := strings.ToLower(strings.TrimSpace(h))
		keys[i] = k
		switch {
		case k == "":
			probs.add(1, "column %d has no name", i+1)
		case seen[k]:
			probs.add(1, "column %q is there twice", k)
		case ignored(k):
		case known(k):
			use[i] = true
		default:
			probs.add(1, "%s", unknownField("column", h))
		}
		seen[k] = true
	}
	var rows [][]cell
	var lines []int
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		line, _ := r.FieldPos(0)
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.Line
			}
			probs.add(line, "%s", csvMessage(err))
			if rec == nil {
				break // the reader cannot go on
			}
			continue
		}
		if len(rec) != len(keys) {
			probs.add(line, "%d values for %d columns", len(rec), len(keys))
			continue
		}
		cells := make([]cell, 0, len(rec))
		for i, v := range rec {
			if use[i] {
				cells = append(cells, cell{key: keys[i], text: v})
			}
		}
		rows = append(rows, cells)
		lines = append(lines, line)
	}
	return rows, lines
}

func csvMessage(err error) string {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// readYAML reads a JSON array or a YAML list of objects (JSON is YAML):
// item numbers from 1 stand for lines.
func readYAML(data []byte, probs *Problems) ([][]cell, []int) {
	dec := yaml.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, bom)))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err != io.EOF {
			probs.add(0, "not a JSON array or a YAML list: %s", firstLine(err.Error()))
		}
		return nil, nil
	}
	var next yaml.Node
	if err := dec.Decode(&next); err != io.EOF {
		probs.add(0, "more than one document: the file holds one list of promo codes")
		return nil, nil
	}
	list := &doc
	if list.Kind == yaml.DocumentNode && len(list.Content) > 0 {
		list = list.Content[0]
	}
	if list.Kind == yaml.ScalarNode && list.Tag == "!!null" {
		return nil, nil
	}
	if list.Kind != yaml.SequenceNode {
		probs.add(0, "not a list: give a JSON array of objects or a YAML list, one item per promo code")
		return nil, nil
	}
	rows := make([][]cell, 0, len(list.Content))
	lines := make([]int, 0, len(list.Content))
	for n, item := range list.Content {
		line := n + 1
		if item.Kind == yaml.AliasNode {
			item = item.Alias
		}
		if item.Kind != yaml.MappingNode {
			probs.add(line, "item %d is not an object of field names", line)
			continue
		}
		cells := make([]cell, 0, len(item.Content)/2)
		seen := map[string]bool{}
		for i := 0; i+1 < len(item.Content); i += 2 {
			k, v := item.Content[i].Value, item.Content[i+1]
			switch {
			case seen[k]:
				probs.add(line, "field %q is there twice", k)
				continue
			case ignored(k):
				continue
			case !known(k):
				probs.add(line, "%s", unknownField("field", k))
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
		rows = append(rows, cells)
		lines = append(lines, line)
	}
	return rows, lines
}

func firstLine(s string) string {
	s = strings.TrimPrefix(s, "yaml: ")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// parseRow reads the values of one row, adding a problem for each that
// the rules of promo create refuse.
func parseRow(line int, cells []cell, loc *time.Location, probs *Problems) Row {
	r := Row{Line: line}
	c := &r.Changes
	n := len(probs.List)
	for _, v := range cells {
		text := strings.TrimSpace(v.text)
		if v.null || (!v.compound && text == "") {
			continue // left out: left as it is
		}
		if v.compound {
			probs.add(line, "%s: want a single value, got a list or an object", v.key)
			continue
		}
		var err error
		switch v.key {
		case "id":
			r.ID, err = positive(text)
		case "site_id":
			r.SiteID, err = positive(text)
		case "code":
			c.Code = &text
		case "is_enabled":
			c.Enabled, err = boolean(text)
		case "bonus_type":
			var b promo.BonusType
			if b, err = promo.ParseBonusType(text); err == nil {
				c.BonusType = &b
			}
		case "bonus_amount":
			var a float64
			if a, err = promo.ParseAmount(text); err == nil {
				c.Amount = &a
			}
		case "bonus_amount_is_in_percentages":
			c.Percent, err = boolean(text)
		case "time_limit_is_enabled":
			c.TimeLimit, err = boolean(text)
		case "d_on":
			c.Starts, err = date(text, loc, promo.ParseStart)
		case "d_off":
			c.Ends, err = date(text, loc, promo.ParseEnd)
		case "quantity_limit_is_enabled":
			c.QuantityLimit, err = boolean(text)
		case "quantity_limit":
			var q int64
			if q, err = strconv.ParseInt(text, 10, 64); err != nil {
				err = fmt.Errorf("want a whole number, got %q", text)
			} else {
				c.MaxUses = &q
			}
		case "personal_limit_is_enabled":
			c.OncePerUser, err = boolean(text)
		}
		if err != nil {
			probs.add(line, "%s: %v", v.key, err)
		}
	}
	// promo list writes quantity_limit 0 beside a limit that is off: it
	// keeps the limit off, as in a -f file.
	if c.MaxUses != nil && c.QuantityLimit != nil && !*c.QuantityLimit && *c.MaxUses == 0 {
		c.MaxUses = nil
	}
	if len(probs.List) == n { // each value is fine: check them together
		if err := c.Validate(promo.FileNames()); err != nil {
			probs.add(line, "%v", err)
		}
	}
	return r
}

func positive(s string) (int64, error) {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < 1 {
		return 0, fmt.Errorf("want a positive whole number, got %q", s)
	}
	return v, nil
}

func boolean(s string) (*bool, error) {
	b, err := promo.ParseBool(s)
	if err != nil {
		return nil, err
	}
	return &b, nil
}

func date(s string, loc *time.Location, parse func(string, *time.Location) (time.Time, error)) (*time.Time, error) {
	t, err := parse(s, loc)
	if err != nil {
		return nil, err
	}
	return &t, nil
}
