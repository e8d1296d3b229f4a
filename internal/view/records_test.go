package view

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/golden"
	"github.com/promoctl/promoctl/internal/output"
)

var moscow = time.FixedZone("MSK", 3*60*60)

// render writes d in format f and fails the test on an error.
func render(t *testing.T, d output.Data, o output.Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := output.Write(&b, d, o); err != nil {
		t.Fatalf("Write(%s): %v", o.Format, err)
	}
	return b.String()
}

// expectTerminalSafe fails when s holds an escape or other control byte
// but the newline that ends each line.
func expectTerminalSafe(t *testing.T, s string) {
	t.Helper()
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\n') || c == 0x7f {
			t.Fatalf("output holds control byte %#x at %d:\n%q", c, i, s)
		}
	}
	for _, bad := range []string{"\u009b", "\u009d", "\u202e"} {
		if strings.Contains(s, bad) {
			t.Fatalf("output holds %q:\n%q", bad, s)
		}
	}
}

// v3Sites are sites in the shape the sandbox gives the v3 endpoint: more
// fields than a table has columns, a nested object, dates.
const v3Sites = `[
 {"id":1,"name":"Demo shop","domain":"demo.example","url":"https://demo.example","is_published":true,"owner_id":1,"role":"owner","page_count":3,"settings":{"language":"ru","currency":"RUB","timezone":"Europe/Moscow"},"created_at":"2024-01-15T09:30:00.000Z","updated_at":"2025-11-20T12:00:00.000Z"},
 {"id":2,"name":"Второй сайт","domain":"second.example","url":"https://second.example","is_published":false,"owner_id":7,"role":"viewer","page_count":0,"settings":{},"created_at":"2024-02-01T00:00:00.000Z","updated_at":null}
]`

// v1Sites are the older, flatter shape: no "id", a site_id instead.
const v1Sites = `[{"site_id":1,"site_name":"Demo shop","url":"https://demo.example","active":1,"lang":"ru","currency":"RUB","date_create":"2024-01-15T09:30:00.000Z"}]`

// oddRecords differ from each other: keys missing in some records, a field
// null everywhere, nested arrays, a long text, numbers as text, and
// escape sequences in keys and values that must not reach a terminal.
const oddRecords = `[
 {"title":"Home","id":10,"path":"/","blocks":[{"id":1},{"id":2}],"tags":["a","b"],"note":null,"x_long":"` + "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore" + `"},
 {"id":"11","title":"\u001b]0;pwned\u0007Contacts\u001b[31m red\u001b[0m","path":"/contacts","extra":{"a":{"b":1}},"note":null,"evil\u001b[2Jkey":"x\u009b1mred\u202eevil"},
 {"id":12,"path":"/empty","blocks":[],"weight":1.50e2,"note":null}
]`

func TestRecordsTableV3Sites(t *testing.T) {
	t.Parallel()
	got := render(t, Records(json.RawMessage(v3Sites), moscow), output.Options{Format: format.Table})
	golden.Equal(t, got)
	head := strings.Fields(strings.SplitN(got, "\n", 2)[0])
	want := []string{"ID", "NAME", "DOMAIN", "URL", "PUBLISHED", "OWNER", "ID", "ROLE", "PAGE", "COUNT"}
	if !reflect.DeepEqual(head, want) {
		t.Errorf("header words = %q, want %q", head, want)
	}
}

func TestRecordsTableV1SitesPutTheirIDFirst(t *testing.T) {
	t.Parallel()
	got := render(t, Records(json.RawMessage(v1Sites), moscow), output.Options{Format: format.Table})
	golden.Equal(t, got)
	if !strings.HasPrefix(got, "SITE ID  SITE NAME  URL") {
		t.Errorf("header = %q, want SITE ID, SITE NAME, URL first", strings.SplitN(got, "\n", 2)[0])
	}
}

func TestRecordsTableOfOddRecords(t *testing.T) {
	t.Parallel()
	got := render(t, Records(json.RawMessage(oddRecords), moscow), output.Options{Format: format.Table})
	golden.Equal(t, got)
	expectTerminalSafe(t, got)
	if strings.Contains(got, "NOTE") {
		t.Errorf("a column null in every record is shown:\n%s", got)
	}
	// Numbers keep the server's text; the ninth column (extra) is cut.
	for _, want := range []string{"[2 items]", "a, b", "1.50e2", "…", "EVILKEY", "xredevil"} {
		if !strings.Contains(got, want) {
			t.Errorf("table lacks %q:\n%s", want, got)
		}
	}
}

func TestRecordsWrappedList(t *testing.T) {
	t.Parallel()
	for name, raw := range map[string]string{
		"data":   `{"data":[{"id":1,"name":"A"},{"id":2,"name":"B"}],"total":2}`,
		"items":  `{"meta":{"page":1},"items":[{"id":1,"name":"A"},{"id":2,"name":"B"}],"errors":[]}`,
		"nested": `{"result":{"items":[{"id":1,"name":"A"},{"id":2,"name":"B"}]}}`,
	} {
		t.Run(name, func(t *testing.T) {
			d := Records(json.RawMessage(raw), moscow)
			got := render(t, d, output.Options{Format: format.Table})
			want := "ID  NAME\n1   A\n2   B\n"
			if got != want {
				t.Errorf("table:\n%q\nwant:\n%q", got, want)
			}
			if n := RecordCount(json.RawMessage(raw)); n != 2 {
				t.Errorf("RecordCount = %d, want 2", n)
			}
			if js := render(t, d, output.Options{Format: format.JSON}); !sameJSON(t, js, raw) {
				t.Errorf("JSON changed:\n%s\nwant the server's %s", js, raw)
			}
		})
	}
}

func TestRecordsObjectWithoutAListIsARecord(t *testing.T) {
	t.Parallel()
	got := render(t, Records(json.RawMessage(`{"id":5,"name":"Only"}`), moscow), output.Options{Format: format.Table})
	if want := "ID:    5\nName:  Only\n"; got != want {
		t.Errorf("table = %q, want %q", got, want)
	}
}

func TestRecordsOfPlainValuesAndEmptyLists(t *testing.T) {
	t.Parallel()
	got := render(t, Records(json.RawMessage(`[1,"two",null]`), moscow), output.Options{Format: format.Table})
	if want := "VALUE\n1\ntwo\n-\n"; got != want {
		t.Errorf("table = %q, want %q", got, want)
	}
	for _, raw := range []string{`[]`, `null`, `{"data":[]}`} {
		if got := render(t, Records(json.RawMessage(raw), moscow), output.Options{Format: format.Table}); got != "" {
			t.Errorf("table of %s = %q, want nothing", raw, got)
		}
		if n := RecordCount(json.RawMessage(raw)); n != 0 {
			t.Errorf("RecordCount(%s) = %d, want 0", raw, n)
		}
	}
}

func TestRecordsColumnsAreBounded(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`[{`)
	for i := 0; i < 20; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"f` + string(rune('a'+i)) + `":1`)
	}
	b.WriteString(`,"id":9}]`)
	got := render(t, Records(json.RawMessage(b.String()), moscow), output.Options{Format: format.Table})
	head := strings.Fields(strings.SplitN(got, "\n", 2)[0])
	want := []string{"ID", "FA", "FB", "FC", "FD", "FE", "FF", "FG"}
	if !reflect.DeepEqual(head, want) {
		t.Errorf("header = %q, want %q", head, want)
	}
}

func TestRecordsCSVHasEveryField(t *testing.T) {
	t.Parallel()
	got := render(t, Records(json.RawMessage(oddRecords), moscow), output.Options{Format: format.CSV})
	golden.Equal(t, got)
	first := strings.SplitN(got, "\n", 2)[0]
	if want := "title,id,path,blocks[0].id,blocks[1].id,tags,note,x_long,extra.a.b,evil\x1b[2Jkey,blocks,weight"; first != want {
		t.Errorf("CSV header = %q, want %q", first, want)
	}
}

func TestRecordsJSONIsTheServers(t *testing.T) {
	t.Parallel()
	for _, raw := range []string{v3Sites, v1Sites, oddRecords} {
		js := render(t, Records(json.RawMessage(raw), moscow), output.Options{Format: format.JSON})
		if js != raw+"\n" {
			t.Errorf("piped JSON:\n%s\nwant the server's bytes\n%s", js, raw)
		}
		js = render(t, Records(json.RawMessage(raw), moscow), output.Options{Format: format.JSON, Terminal: true})
		if !sameJSON(t, js, raw) {
			t.Errorf("JSON on a terminal:\n%s\nwant the server's\n%s", js, raw)
		}
	}
}

// page is a single record with nesting of every kind.
const page = `{"id":5001,"site_id":1,"title":"Главная \u001b[1mbold\u001b[0m","path":"/","url":"https://demo.example/","is_published":true,"is_home":true,
 "seo":{"title":"Demo","description":"` + "A long description that goes on and on, far beyond what fits on a terminal line, because search engines like them long and site owners oblige them; it repeats itself to be sure it is longer than the limit of two hundred characters." + `","robots":null,"og":{"image":{"url":"https://demo.example/og.png","width":1200}}},
 "blocks":[{"id":1,"type":"header","settings":{}},{"id":2,"type":"text","items":[]}],
 "tags":["home","main"],"redirects":[],"created_at":"2024-01-15T09:30:00.000Z","deleted_at":null,"count":12345678901234567890}`

func TestRecordFlattensNesting(t *testing.T) {
	t.Parallel()
	got := render(t, Record(json.RawMessage(page), moscow), output.Options{Format: format.Table})
	golden.Equal(t, got)
	expectTerminalSafe(t, got)
	for _, want := range []string{
		"SEO.og.image.URL:", "Blocks[1].type:", "Blocks[0].settings:  {}", "Tags:", "home, main", "Redirects:",
		"Deleted at:", "2024-01-15 12:30", "12345678901234567890", "Главная bold",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("record lacks %q:\n%s", want, got)
		}
	}
}

func TestRecordSummarisesLongArrays(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`{"id":1,"blocks":[`)
	for i := 0; i <= maxIndexed; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"id":1}`)
	}
	b.WriteString(`]}`)
	got := render(t, Record(json.RawMessage(b.String()), moscow), output.Options{Format: format.Table})
	if want := "ID:      1\nBlocks:  [11 items]\n"; got != want {
		t.Errorf("table = %q, want %q", got, want)
	}
}

func TestRecordCSVIsOneFlatRow(t *testing.T) {
	t.Parallel()
	got := render(t, Record(json.RawMessage(`{"id":1,"seo":{"title":"T, \"q\""},"tags":["a"],"n":null}`), moscow), output.Options{Format: format.CSV})
	if want := "id,seo.title,tags,n\n1,\"T, \"\"q\"\"\",\"[\"\"a\"\"]\",\n"; got != want {
		t.Errorf("CSV = %q, want %q", got, want)
	}
}

func TestRecordOfAListIsAListTable(t *testing.T) {
	t.Parallel()
	got := render(t, Record(json.RawMessage(`[{"id":1}]`), moscow), output.Options{Format: format.Table})
	if want := "ID\n1\n"; got != want {
		t.Errorf("table = %q, want %q", got, want)
	}
}

func TestSummary(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`{}`: "{}", `{"a":1}`: "{1 field}", `{"a":1,"b":{"c":2}}`: "{2 fields}",
		`[]`: "[]", `[{}]`: "[1 item]", `[[1],[2]]`: "[2 items]",
	} {
		if got := summary([]byte(in)); got != want {
			t.Errorf("summary(%s) = %q, want %q", in, got, want)
		}
	}
}

func TestClipRunes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…"},
		{"привет", 2, "пр…"},
		{"", 0, ""},
	} {
		if got := clipRunes(c.in, c.n); got != c.want {
			t.Errorf("clipRunes(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

// sameJSON reports whether two JSON texts hold the same values.
func sameJSON(t *testing.T, a, b string) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal([]byte(a), &x); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, a)
	}
	if err := json.Unmarshal([]byte(b), &y); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b)
	}
	return reflect.DeepEqual(x, y)
}

func TestWrapText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in    string
		width int
		want  []string
	}{
		{"", 5, []string{""}},
		{"a b c", 5, []string{"a b c"}},
		{"aa bb cc", 5, []string{"aa bb", "cc"}},
		{"abcdefgh ij", 3, []string{"abc", "def", "gh", "ij"}},
		{"ab abcdefg", 3, []string{"ab", "abc", "def", "g"}},
		{"привет мир", 6, []string{"привет", "мир"}},
	} {
		if got := wrapText(c.in, c.width); !reflect.DeepEqual(got, c.want) {
			t.Errorf("wrapText(%q, %d) = %q, want %q", c.in, c.width, got, c.want)
		}
	}
}

func TestEmptyList(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]bool{
		`[]`: true, ` [ ] `: true, `null`: true, `{"data":[]}`: true, `{"items":[],"total":0}`: true,
		`[{}]`: false, `[1]`: false, `{"data":[1]}`: false, `{"id":1}`: false, `"x"`: false,
	} {
		if got := EmptyList(json.RawMessage(raw)); got != want {
			t.Errorf("EmptyList(%s) = %v, want %v", raw, got, want)
		}
	}
}

func TestFieldLabel(t *testing.T) {
	t.Parallel()
	for key, want := range map[string]string{
		"is_published": "Published", "page_count": "Page count", "id": "ID", "site_id": "Site ID", "url": "URL",
		"settings.seo_title": "Settings.SEO title", "owners[0].id": "Owners[0].ID", "is": "Is", "name": "Name",
		"pageCount": "PageCount", "a__b": "A b", "évènement": "Évènement", "evil\x1b[2Jkey": "Evilkey",
	} {
		if got := fieldLabel(key); got != want {
			t.Errorf("fieldLabel(%q) = %q, want %q", key, got, want)
		}
	}
}

func TestFlagsSentAsNumbersAreYesNo(t *testing.T) {
	t.Parallel()
	for key, want := range map[string]bool{
		"active": true, "is_main": true, "has_ssl": true, "time_limit_is_enabled": true, "settings.is_visible": true,
		"count": false, "is": false, "main_page": false, "id": false,
	} {
		if got := isFlagName(key); got != want {
			t.Errorf("isFlagName(%q) = %v, want %v", key, got, want)
		}
	}
	if got := fieldCell("active", []byte("1"), moscow, 10); got != "yes" {
		t.Errorf(`fieldCell(active, 1) = %q, want "yes"`, got)
	}
	if got := fieldCell("active", []byte("2"), moscow, 10); got != "2" {
		t.Errorf(`fieldCell(active, 2) = %q, want "2"`, got)
	}
	if got := fieldCell("count", []byte("1"), moscow, 10); got != "1" {
		t.Errorf(`fieldCell(count, 1) = %q, want "1"`, got)
	}
}
