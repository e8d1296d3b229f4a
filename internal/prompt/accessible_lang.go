package prompt

import (
	"io"
	"regexp"

	"github.com/promoctl/promoctl/internal/i18n"
)

// accessibleWriter is the output of a form in accessible mode, with the
// lines huh v1.0.0 writes in English itself, and offers no option to
// change, said in the form's language: "Enter a number between 1 and 2: ",
// "Invalid: must be a number between 1 and 2". huh writes each prompt and
// each refusal in one Write. The yes/no question is promoctl's own
// (accessibleConfirm): huh's shows "[Y/n]" and takes only y/yes/n/no.
type accessibleWriter struct {
	w io.Writer
	m *i18n.Printer
}

// huhLines are huh's English lines of accessible mode, and the catalog
// message of each (its placeholders From and To in the order they appear).
func huhLines() []struct {
	re *regexp.Regexp
	id string
} {
	return []struct {
		re *regexp.Regexp
		id string
	}{
		{regexp.MustCompile(`^Enter a number between (\d+) and (\d+): $`), "form.huh.enter_number"},
		{regexp.MustCompile(`^Invalid: must be a number between (\d+) and (\d+)\n$`), "form.huh.invalid_number"},
	}
}

func (a accessibleWriter) Write(b []byte) (int, error) {
	for _, l := range huhLines() {
		m := l.re.FindSubmatch(b)
		if m == nil {
			continue
		}
		args := []any{}
		if len(m) == 3 {
			args = append(args, "From", string(m[1]), "To", string(m[2]))
		}
		s := a.m.T(l.id, args...)
		if b[len(b)-1] == '\n' {
			s += "\n"
		}
		if _, err := io.WriteString(a.w, s); err != nil {
			return 0, err
		}
		return len(b), nil
	}
	return a.w.Write(b)
}
