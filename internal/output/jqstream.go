package output

import (
	"github.com/itchyny/gojq"

	"github.com/promoctl/promoctl/internal/i18n"
)

// CompileJQEach returns, for a --jq expression of the form `.[] | f` or
// `.[]…` (such as `.[].code`), the filter that gives the same results when
// run on each element of a list in turn, compiled; nil when the expression
// has another form, or cannot be parsed. A list can then be filtered as
// it is read, in the memory of one element. The form is read from the
// parsed query, not from its text.
func CompileJQEach(expr string) (*gojq.Code, error) {
	q, err := gojq.Parse(expr)
	if err != nil {
		return nil, nil
	}
	each := jqEach(q)
	if each == nil {
		return nil, nil
	}
	code, err := gojq.Compile(each)
	if err != nil {
		return nil, i18n.NewError(2, "output.jq_invalid", "Err", err)
	}
	return code, nil
}

// jqEach returns the query q runs on each element when q is `.[]…` or
// `.[]… | f`, else nil.
func jqEach(q *gojq.Query) *gojq.Query {
	if q == nil || q.Meta != nil || len(q.Imports) > 0 || len(q.FuncDefs) > 0 || len(q.Patterns) > 0 {
		return nil
	}
	if q.Op == gojq.OpPipe {
		left := jqEach(q.Left)
		if left == nil || q.Left.Op != 0 || q.Right == nil {
			return nil
		}
		if isIdentity(left) {
			return q.Right
		}
		return &gojq.Query{Left: left, Right: q.Right, Op: gojq.OpPipe}
	}
	t := q.Term
	if q.Op != 0 || t == nil || t.Type != gojq.TermTypeIdentity || len(t.SuffixList) == 0 {
		return nil
	}
	if s := t.SuffixList[0]; !s.Iter || s.Index != nil || s.Optional {
		return nil
	}
	rest := t.SuffixList[1:]
	if len(rest) > 0 && rest[0].Optional {
		return nil // .[]? also hides an error of .[] itself
	}
	return &gojq.Query{Term: &gojq.Term{Type: gojq.TermTypeIdentity, SuffixList: rest}}
}

func isIdentity(q *gojq.Query) bool {
	return q.Op == 0 && q.Term != nil && q.Term.Type == gojq.TermTypeIdentity && len(q.Term.SuffixList) == 0
}
