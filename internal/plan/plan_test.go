package plan

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/api"
)

var moscow = func() *time.Location {
	l, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		panic(err)
	}
	return l
}()

// site is a list as promo list reads it.
const site = `[
{"id":1001,"code":"WELCOME10","pos":1,"is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":3,"is_valid":true},
{"id":1002,"code":"SUMMER25","pos":2,"is_enabled":true,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-08-31T20:59:59.000Z","quantity_limit_is_enabled":true,"quantity_limit":100,"promo_used_count":0,"is_valid":true},
{"id":1003,"code":"OLD1","pos":3,"is_enabled":true,"bonus_type":3,"bonus_amount":300,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":true},
{"id":1004,"code":"OFF1","pos":4,"is_enabled":false,"bonus_type":2,"bonus_amount":5,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":false}
]`

func siteList(t *testing.T) []api.Promo {
	t.Helper()
	ps, err := api.DecodePromos(json.RawMessage(site))
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// listCSV is site as promo list -o csv prints it.
const listCSV = `id,code,pos,is_enabled,bonus_type,bonus_amount,bonus_amount_is_in_percentages,time_limit_is_enabled,d_on,d_off,quantity_limit_is_enabled,quantity_limit,promo_used_count,is_valid
1001,WELCOME10,1,true,2,10,true,false,,,false,0,3,true
1002,SUMMER25,2,true,2,25,true,true,2026-06-01T00:00:00.000Z,2026-08-31T20:59:59.000Z,true,100,0,true
1003,OLD1,3,true,3,300,false,false,,,false,0,0,true
1004,OFF1,4,false,2,5,false,false,,,false,0,0,false
`

// listYAML is site as promo list -o yaml prints it (unquoted dates).
const listYAML = `- id: 1001
  code: WELCOME10
  pos: 1
  is_enabled: true
  bonus_type: 2
  bonus_amount: 10
  bonus_amount_is_in_percentages: true
  time_limit_is_enabled: false
  d_on: null
  d_off: null
  quantity_limit_is_enabled: false
  quantity_limit: 0
  promo_used_count: 3
  is_valid: true
- {id: 1002, code: SUMMER25, is_enabled: true, bonus_type: 2, bonus_amount: 25, bonus_amount_is_in_percentages: true,
   time_limit_is_enabled: true, d_on: 2026-06-01T00:00:00.000Z, d_off: 2026-08-31T20:59:59.000Z, quantity_limit_is_enabled: true, quantity_limit: 100}
- {id: 1003, code: OLD1, is_enabled: true, bonus_type: 3, bonus_amount: 300, bonus_amount_is_in_percentages: false}
- {id: 1004, code: OFF1, is_enabled: false, bonus_type: 2, bonus_amount: 5}
`

func mustPlan(t *testing.T, name, file string, o Options) Plan {
	t.Helper()
	rows, err := Read(name, []byte(file), moscow)
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	p, err := Make(name, rows, siteList(t), nil, o)
	if err != nil {
		t.Fatalf("Make: %v", err)
	}
	return p
}

// The list's own output, in each format, is a plan of no change.
func TestListRoundTripIsNoChange(t *testing.T) {
	for name, file := range map[string]string{"codes.csv": listCSV, "codes.json": site, "codes.yaml": listYAML, "stdin": listCSV} {
		p := mustPlan(t, name, file, Options{Site: 1, Missing: Delete})
		if len(p.Entries) != 0 || p.Unchanged != 4 || len(p.Reads) != 0 {
			t.Errorf("%s: plan %+v, want 4 unchanged and nothing else", name, p)
		}
	}
}

func TestPlanCreatesUpdatesAndLeavesUnnamedFields(t *testing.T) {
	file := "id,code,bonus_amount,d_off,quantity_limit\n" +
		"1001,WELCOME10,10,,\n" + // unchanged
		",summer25,30,2026-09-30,\n" + // by code, whatever its case
		",NEW1,15,,5\n" // created
	p := mustPlan(t, "f.csv", file, Options{Site: 1, UserID: 42})
	if len(p.Entries) != 2 || p.Unchanged != 1 || p.NotNamed != 2 {
		t.Fatalf("plan %+v", p)
	}
	up := p.Entries[0]
	if up.Action != ActionUpdate || up.ID != 1002 || up.Line != 3 || !slices.Equal(up.Changed, []string{"bonus_amount", "d_off"}) {
		t.Errorf("update = %+v", up)
	}
	// the body names only what changes: the engine merges it into the
	// record it reads, so the code's case and every other field stay
	if got, want := string(up.Body), `{"bonus_amount":30,"d_off":"2026-09-30T20:59:59.000Z"}`; got != want {
		t.Errorf("update body = %s, want %s", got, want)
	}
	cr := p.Entries[1]
	if cr.Action != ActionCreate || cr.ID != 0 || cr.Code != "NEW1" {
		t.Errorf("create = %+v", cr)
	}
	if got, want := string(cr.Body), `{"site_id":1,"user_id":42,"code":"NEW1","bonus_amount":15,"quantity_limit_is_enabled":true,"quantity_limit":5}`; got != want {
		t.Errorf("create body = %s, want %s", got, want)
	}
	if !slices.Equal(cr.Changed, []string{"code", "bonus_amount", "quantity_limit_is_enabled", "quantity_limit"}) {
		t.Errorf("create changes %q", cr.Changed)
	}
}

func TestPlanMissingCodes(t *testing.T) {
	file := "code\nWELCOME10\nSUMMER25\n"
	p := mustPlan(t, "f.csv", file, Options{Site: 1, Missing: Delete})
	var got []string
	for _, e := range p.Entries {
		got = append(got, string(e.Action)+" "+e.Code)
	}
	if want := []string{"delete OLD1", "delete OFF1"}; !slices.Equal(got, want) || !p.Destructive() {
		t.Errorf("--prune: %q, want %q", got, want)
	}
	p = mustPlan(t, "f.csv", file, Options{Site: 1, Missing: Disable})
	if len(p.Entries) != 1 || p.Entries[0].Action != ActionDisable || p.Entries[0].ID != 1003 || p.Unchanged != 3 {
		t.Errorf("--disable-missing: %+v (OFF1 is disabled already)", p)
	}
	p = mustPlan(t, "f.csv", file, Options{Site: 1})
	if len(p.Entries) != 0 || p.NotNamed != 2 || p.Destructive() {
		t.Errorf("neither: %+v", p)
	}
}

// Ids of another site are ignored: the rows are matched by code, so a
// list exported from one site creates its codes on another.
func TestPlanCrossSite(t *testing.T) {
	file := "id,code,bonus_amount\n7001,WELCOME10,10\n7002,ELSEWHERE,5\n1003,OLD1,300\n"
	p := mustPlan(t, "f.csv", file, Options{Site: 1})
	if p.ForeignIDs != 2 || p.Unchanged != 2 || len(p.Entries) != 1 || p.Entries[0].Code != "ELSEWHERE" {
		t.Errorf("plan %+v", p)
	}
	// a site_id column naming another site: its ids are not this site's
	file = "id,site_id,code\n1001,2,OTHER\n"
	p = mustPlan(t, "f.csv", file, Options{Site: 1})
	if p.ForeignIDs != 1 || len(p.Entries) != 1 || p.Entries[0].Action != ActionCreate {
		t.Errorf("site_id 2: %+v", p)
	}
}

func TestPlanRenameByID(t *testing.T) {
	p := mustPlan(t, "f.csv", "id,code\n1003,OLD2\n", Options{Site: 1})
	if len(p.Entries) != 1 || string(p.Entries[0].Body) != `{"code":"OLD2"}` {
		t.Errorf("plan %+v", p)
	}
	rows, _ := Read("f.csv", []byte("id,code\n1003,welcome10\n"), moscow)
	_, err := Make("f.csv", rows, siteList(t), nil, Options{Site: 1})
	if err == nil || !strings.Contains(err.Error(), "f.csv:2: code welcome10 is already promo code 1001's on site 1") {
		t.Errorf("rename onto another code: %v", err)
	}
}

// personal_limit_is_enabled is not on the list: a row that names it needs
// the record, and only such rows do.
func TestPlanReadsRecordsOnlyForFieldsTheListLacks(t *testing.T) {
	rows, err := Read("f.json", []byte(`[{"id":1001,"personal_limit_is_enabled":true},{"id":1003,"bonus_amount":300}]`), moscow)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Make("f.json", rows, siteList(t), nil, Options{Site: 1})
	if err != nil || !slices.Equal(p.Reads, []int64{1001}) {
		t.Fatalf("Reads = %v, %v; want [1001]", p.Reads, err)
	}
	on := api.Bool(true)
	rec := siteList(t)[0]
	rec.PersonalLimitIsEnabled = &on
	p, err = Make("f.json", rows, siteList(t), map[int64]api.Promo{1001: rec}, Options{Site: 1})
	if err != nil || len(p.Entries) != 0 || p.Unchanged != 2 {
		t.Errorf("with the record: %+v, %v", p, err)
	}
}

func TestReadListsEveryProblem(t *testing.T) {
	file := "code,bonus_amount,bonus_amount_is_in_percentages,d_on,d_off,quantity_limit,is_enabled\n" +
		"GOOD1,10,true,,,,\n" +
		"BAD_1,10,,,,,\n" + // code text
		"PCT,150,true,,,,\n" + // percent over 100
		"AMT,1e3,,,,,\n" + // amount form
		"DATES,5,,2026-12-31,2026-12-01,,\n" + // end before start
		"LIMIT,5,,,,0,\n" + // limit
		"TYPE,5,,,,,maybe\n" + // wrong type
		"good1,5,,,,,\n" // duplicate
	_, err := Read("codes.csv", []byte(file), moscow)
	var probs *Problems
	if !errors.As(err, &probs) {
		t.Fatalf("Read = %v, want *Problems", err)
	}
	var lines []string
	for _, l := range probs.Lines() {
		lines = append(lines, l[:strings.Index(l, ": ")])
	}
	want := []string{"codes.csv:3", "codes.csv:4", "codes.csv:5", "codes.csv:6", "codes.csv:7", "codes.csv:8", "codes.csv:9"}
	if !slices.Equal(lines, want) {
		t.Errorf("problems at %q, want %q:\n%s", lines, want, strings.Join(probs.Lines(), "\n"))
	}
	for _, s := range []string{"Latin letters", "at most 100", "is not an amount", "before the start", "at least 1", `want true or false, got "maybe"`, "also on line 2"} {
		if !strings.Contains(strings.Join(probs.Lines(), "\n"), s) {
			t.Errorf("no problem says %q:\n%s", s, strings.Join(probs.Lines(), "\n"))
		}
	}
}

func TestReadFileLevelProblems(t *testing.T) {
	for _, c := range []struct{ name, file, want string }{
		{"a.csv", "code,bonus_amout\nX1,5\n", `a.csv:1: column "bonus_amout" is not a field's name: did you mean bonus_amount?`},
		{"a.csv", "code,is_enabld\nX1,true\n", `a.csv:1: column "is_enabld" is not a field's name: did you mean is_enabled?`},
		{"a.csv", "code,,bonus_amount\nX1,,5\n", `a.csv:1: column 2 has no name: give it one, or delete the column`},
		{"a.csv", "code,Code\nX1,X1\n", `a.csv:1: column "Code" is there twice: keep one of them`},
		{"a.json", `[{"code":"X1"},{"code":"X2","colour":"red"}]`, `a.json:2: unknown field "colour"`},
		{"a.json", `[{"code":"X1"},{"code":["X2"]}]`, `a.json:2: code: want a single value`},
		{"a.json", `[{"id":5,"code":"X1"},{"id":5,"code":"X2"}]`, `a.json:2: id 5 is also on line 1`},
		{"a.json", `{"code":"X1"}`, `a.json: not a list`},
		{"a.yaml", "- code: X1\n- 7\n", `a.yaml:2: item 2 is not an object`},
		{"a.csv", "code\n", `a.csv: the file has no promo codes`},
		{"a.csv", "code,bonus_amount\nX1\n", `a.csv:2: 1 values for 2 columns`},
		{"a.csv", "bonus_amount\n5\n", `a.csv:2: the row names neither an id nor a code`},
	} {
		_, err := Read(c.name, []byte(c.file), moscow)
		if err == nil || !strings.Contains(strings.Join(err.(*Problems).Lines(), "\n"), c.want) {
			t.Errorf("Read(%s %q) = %v, want %q", c.name, c.file, err, c.want)
		}
	}
}

func TestReadDates(t *testing.T) {
	rows, err := Read("f.yaml", []byte("- {code: X1, d_on: 2026-12-01, d_off: 2026-12-31}\n"), moscow)
	if err != nil {
		t.Fatal(err)
	}
	c := rows[0].Changes
	if got := c.Starts.UTC().Format(time.RFC3339); got != "2026-11-30T21:00:00Z" {
		t.Errorf("d_on = %s, want the start of the day in Moscow", got)
	}
	if got := c.Ends.UTC().Format(time.RFC3339); got != "2026-12-31T20:59:59Z" {
		t.Errorf("d_off = %s, want the end of the day in Moscow", got)
	}
}

func TestSniff(t *testing.T) {
	for _, c := range []struct {
		name, data string
		want       Format
	}{
		{"a.csv", "[", CSV}, {"a.JSON", "", JSON}, {"a.yml", "", YAML},
		{"-", " [{}]", JSON}, {"-", "- code: A", YAML}, {"-", "\ufeffid,code", CSV},
	} {
		if got := Sniff(c.name, []byte(c.data)); got != c.want {
			t.Errorf("Sniff(%q, %q) = %s, want %s", c.name, c.data, got, c.want)
		}
	}
}

func TestReadSpreadsheetCSV(t *testing.T) {
	// a byte order mark, semicolons, TRUE and spaces, as spreadsheets save
	rows, err := Read("f.csv", []byte("\ufeffCode; Is_Enabled ;bonus_amount\r\nX1;TRUE; 9.99 \r\n"), moscow)
	if err != nil {
		t.Fatal(err)
	}
	c := rows[0].Changes
	if *c.Code != "X1" || !*c.Enabled || *c.Amount != 9.99 || rows[0].Line != 2 {
		t.Errorf("row %+v", rows[0])
	}
}

// A rename is an update of code, and Renames says which; a rename that
// only drops leading zeros is refused as ZerosLost, or as a problem of its
// line beside other problems.
func TestPlanRenames(t *testing.T) {
	item := func(id, code string) string {
		return `{"id":` + id + `,"code":"` + code + `","is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,` +
			`"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0}`
	}
	list, err := api.DecodePromos(json.RawMessage("[" + item("3001", "058990") + "," + item("3002", "OLD1") + "," + item("3003", "007001") + "]"))
	if err != nil {
		t.Fatal(err)
	}
	mk := func(file string) (Plan, error) {
		t.Helper()
		rows, err := Read("f.csv", []byte(file), moscow)
		if err != nil {
			t.Fatalf("Read: %v", err)
		}
		return Make("f.csv", rows, list, nil, Options{Site: 1})
	}
	p, err := mk("id,code\n3001,158990\n3002,OLD1\n3003,07001A\n")
	if err != nil {
		t.Fatal(err)
	}
	if r := p.Renames(); len(r) != 2 || r[0].ID != 3001 || r[0].New.Code != "158990" || r[1].ID != 3003 || !p.Entries[0].Renames() {
		t.Errorf("renames %+v of plan %+v", r, p)
	}

	_, err = mk("id,code\n3001,58990\n3003,7001\n3002,OLD1\n")
	var zl *ZerosLost
	if !errors.As(err, &zl) || len(zl.Entries) != 2 || zl.Entries[0].Line != 2 || zl.Entries[1].Line != 3 {
		t.Fatalf("error %v (%#v), want a ZerosLost of lines 2 and 3", err, err)
	}

	_, err = mk("id,code\n3001,58990\n9999,\n")
	var probs *Problems
	if !errors.As(err, &probs) {
		t.Fatalf("error %v, want Problems", err)
	}
	if got := probs.Lines(); len(got) != 2 || got[0] != "f.csv:2: promo code 058990 (id 3001) would be renamed 58990, its code without the leading zeros: "+
		"a spreadsheet read the code column as numbers (export with -o xlsx, or format the column as text; promo update renames on purpose)" ||
		!strings.HasPrefix(got[1], "f.csv:3: ") {
		t.Errorf("problems %q", got)
	}
}

func TestZerosLost(t *testing.T) {
	for _, c := range []struct {
		old, next string
		want      bool
	}{
		{"058990", "58990", true},
		{"0058990", "58990", true},
		{"0058990", "058990", true},
		{"00ab", "AB", true},
		{"058990", "8990", false},
		{"58990", "58990", false},
		{"A058990", "58990", false},
		{"058990", "158990", false},
		{"05", "", false},
	} {
		if got := zerosLost(c.old, c.next); got != c.want {
			t.Errorf("zerosLost(%q, %q) = %v, want %v", c.old, c.next, got, c.want)
		}
	}
}
