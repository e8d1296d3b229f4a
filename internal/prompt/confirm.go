package prompt

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/charmbracelet/huh"

	"github.com/promoctl/promoctl/internal/i18n"
)

// yesNo is a yes/no field of a form. In accessible mode it asks through
// accessibleConfirm: huh's own line prompt shows "[Y/n]" and takes only
// y, yes, n and no, whatever the form's language.
// It asks title, described by description (shown by the full-screen
// form; a form's line prompts leave it out, as its other fields' do); its
// answer is *value, which holds the default.
func (h *Huh) yesNo(title, description string, value *bool) huh.Field {
	return h.question(title, description, "", value)
}

// question is yesNo whose line prompt says said, the question's
// description, on a line before it: a question asked alone (Confirm)
// says what its full-screen form shows.
func (h *Huh) question(title, description, said string, value *bool) huh.Field {
	m := h.msg()
	c := huh.NewConfirm().Title(title).Description(description).Affirmative(m.T("form.yes")).Negative(m.T("form.no")).Value(value)
	if !h.Accessible {
		return c
	}
	return accessibleConfirm{Confirm: c, title: title, description: said, value: value, m: m}
}

// accessibleConfirm is a huh.Confirm whose accessible mode asks in m's
// language: the choices as the catalog writes them ("[Y/n]", "[Д/н]") and
// the answers it lists for yes and no (y, yes, д, да; n, no, н, нет).
// Enter gives the default; an answer it does not know asks again; input
// that ends gives the default only when nothing was typed, and No after
// an unknown answer.
type accessibleConfirm struct {
	*huh.Confirm
	title       string
	description string // a line said before the question; "" for none
	value       *bool
	m           *i18n.Printer
}

// WithAccessible keeps the field this type: huh's form calls
// WithAccessible(true).RunAccessible on each field. The field is only
// made for accessible mode.
func (c accessibleConfirm) WithAccessible(bool) huh.Field { return c }

// RunAccessible asks the question on a line of w and reads the answer
// from r.
func (c accessibleConfirm) RunAccessible(w io.Writer, r io.Reader) error {
	def := *c.value
	choices := c.m.T("form.confirm.choices_no")
	if def {
		choices = c.m.T("form.confirm.choices_yes")
	}
	question := cmp.Or(strings.TrimSpace(c.title), c.m.T("form.confirm.choose")) + " " + choices + " "
	yes, no := strings.Fields(c.m.T("form.confirm.yes_words")), strings.Fields(c.m.T("form.confirm.no_words"))
	if d := strings.TrimSpace(c.description); d != "" {
		fmt.Fprintln(w, d)
	}
	sc := bufio.NewScanner(r)
	v, asked := def, false
	for {
		fmt.Fprint(w, question)
		if !sc.Scan() {
			fmt.Fprintln(w)
			if asked {
				v = false // ended after an answer it did not know: No
			}
			break
		}
		a := strings.ToLower(strings.TrimSpace(sc.Text()))
		if a == "" || slices.Contains(yes, a) || slices.Contains(no, a) {
			v = a == "" && def || slices.Contains(yes, a)
			break
		}
		asked = true
		fmt.Fprintln(w, c.m.T("form.confirm.again"))
	}
	*c.value = v
	return nil
}
