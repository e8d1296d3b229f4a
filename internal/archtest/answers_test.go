package archtest

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// answers are the questions docs/architecture.md answers in "Where a
// change goes", by the bold words that start the answer, and by the words
// that start its line in the list of tests under "## Tests".
var answers = []struct{ entry, tests string }{
	{"**A setting**", "a setting:"},
	{"**A verb**", "a verb:"},
	{"**A promo field**", "a promo field:"},
	{"**An output format**", "an output format:"},
	{"**A language**", "a language:"},
	{"**Retries**", "retries:"},
}

// testName is a backticked test function's name.
var testName = regexp.MustCompile("`(Test[A-Za-z0-9_]+)`")

// TestTheMapAnswersHowToChangeIt: docs/architecture.md answers how to add
// a setting, a verb, a promo field, an output format and a language and
// how to change retries, and "## Tests" names for each answer the tests
// that keep it true (TestDocsNameTheCode holds the names to the code).
func TestTheMapAnswersHowToChangeIt(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	where, _, _ := strings.Cut(doc[strings.Index(doc, "## Where a change goes"):], "\n## ")
	_, tests, ok := strings.Cut(doc, "\n## Tests\n")
	if !ok {
		t.Fatal("docs/architecture.md has no \"## Tests\"")
	}
	for _, a := range answers {
		if !strings.Contains(where, "\n- "+a.entry) {
			t.Errorf("\"Where a change goes\" has no answer %s", a.entry)
		}
		i := strings.Index(tests, "\n  - "+a.tests)
		if i < 0 {
			t.Errorf("\"## Tests\" does not say which tests keep %s true (a line \"  - %s\")", a.entry, a.tests)
			continue
		}
		line := tests[i+1:]
		if end := strings.Index(line[1:], "\n  - "); end >= 0 {
			line = line[:end+1]
		}
		if end := strings.Index(line, "\n- "); end >= 0 {
			line = line[:end]
		}
		if !testName.MatchString(line) {
			t.Errorf("\"## Tests\" names no test for %s:\n%s", a.entry, line)
		}
	}
}
