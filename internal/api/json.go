package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/promoctl/promoctl/internal/jsonscan"
)

// GetJSON sends an authenticated GET and returns the body, which must be
// JSON. It is the base of the read-only resources.
func (c *Client) getJSON(ctx context.Context, path string, q url.Values, want byte, subject string) (json.RawMessage, error) {
	resp, err := c.Do(ctx, Request{Method: http.MethodGet, Path: path, Query: q, List: want == '['})
	if err != nil {
		return nil, withSubject(err, subject)
	}
	return checkJSON(resp, want)
}

// checkJSON makes sure a 2xx body is complete JSON whose top level is an
// object ('{') or an array ('['), or any value when want is 0. A null list
// is returned as [].
func checkJSON(resp *Response, want byte) (json.RawMessage, error) {
	body, err := checkShape(resp, want)
	if err != nil {
		return nil, err
	}
	if err := jsonscan.Check(body); err != nil {
		return nil, &ResponseError{Status: resp.Status, Reason: err.Error()}
	}
	return body, nil
}

// checkShape is the part of checkJSON that does not read the whole body:
// not empty, not an HTML page, the expected kind of value, and not cut
// off (an object ends with '}', an array with ']').
func checkShape(resp *Response, want byte) (json.RawMessage, error) {
	body := bytes.TrimSpace(resp.Body)
	if len(body) == 0 {
		return nil, &ResponseError{Status: resp.Status, Reason: "the body is empty, expected JSON"}
	}
	bad := func(reason string) (json.RawMessage, error) {
		return nil, &ResponseError{Status: resp.Status, Reason: reason}
	}
	first, last := body[0], body[len(body)-1]
	switch {
	case first == '<':
		return bad("the body is an HTML page, expected JSON")
	case first == '{' && last != '}', first == '[' && last != ']':
		return bad("the JSON is malformed or truncated")
	case first != '{' && first != '[' && first != '"' && !jsonscan.Valid(body):
		return bad("the body is not valid JSON")
	}
	if want == '[' && string(body) == "null" {
		return json.RawMessage("[]"), nil
	}
	if want != 0 && first != want {
		kind := map[byte]string{'{': "an object", '[': "a list"}[want]
		return bad(fmt.Sprintf("expected %s, got %s", kind, jsonKind(first)))
	}
	return body, nil
}

func jsonKind(b byte) string {
	switch b {
	case '{':
		return "an object"
	case '[':
		return "a list"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// describeJSONError turns a decoding error into words that name the field.
func describeJSONError(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field != "" {
			return fmt.Sprintf("field %q has the wrong type: %s, want %s", te.Field, te.Value, te.Type)
		}
		return fmt.Sprintf("wrong type: %s, want %s", te.Value, te.Type)
	}
	return "cannot decode: " + err.Error()
}
