package sandbox

import (
	"crypto/subtle"
	"net/http"
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/internal/i18n"
)

// Credential is a fixed sandbox login: a user id and its API token.
type Credential struct {
	UserID int64
	Token  string
	// SiteIDs are the sites the user may see: owns when Owns is set,
	// else can view (SitesMessage says which).
	SiteIDs []int64
	Owns    bool
}

// Credentials returns the sandbox's fixed logins: user 1 (token "sandbox")
// can view sites 1 and 2, user 2 (token "sandbox-2") owns site 3.
func Credentials() []Credential {
	return []Credential{
		{UserID: 1, Token: "sandbox", SiteIDs: []int64{1, 2}},
		{UserID: 2, Token: "sandbox-2", SiteIDs: []int64{3}, Owns: true},
	}
}

// SitesMessage says which sites the user may see: "can view sites 1 and
// 2", "owns site 3" (serve's banner, completion's candidate).
func (c Credential) SitesMessage() i18n.Message {
	ids := make([]string, len(c.SiteIDs))
	for i, id := range c.SiteIDs {
		ids[i] = strconv.FormatInt(id, 10)
	}
	id := "sandbox.banner.views"
	if c.Owns {
		id = "sandbox.banner.owns"
	}
	if len(ids) == 1 {
		return i18n.M(id+"_one", "Sites", ids[0])
	}
	return i18n.M(id+"_list", "Sites", i18n.List(ids))
}

// tokenOf returns the token of a sandbox user and whether the user exists.
func tokenOf(userID int64) (string, bool) {
	for _, c := range Credentials() {
		if c.UserID == userID {
			return c.Token, true
		}
	}
	return "", false
}

// authenticate checks the two auth headers and returns the caller's user id.
// Missing or malformed headers and a token that is not the user's answer
// 401; a well-formed id of no user answers 404 with kind 17, as the real
// service does.
func authenticate(r *http.Request) (int64, error) {
	authz := strings.TrimSpace(r.Header.Get("Authorization"))
	if authz == "" {
		return 0, errUnauthorized("authorization required: send Authorization: Bearer <token>")
	}
	scheme, token, ok := strings.Cut(authz, " ")
	token = strings.TrimSpace(token)
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" {
		return 0, errUnauthorized("malformed Authorization header: want Bearer <token>")
	}
	rawID := strings.TrimSpace(r.Header.Get("X-Api-User-Id"))
	if rawID == "" {
		return 0, errUnauthorized("authorization required: send X-Api-User-Id: <user id>")
	}
	userID, err := strconv.ParseInt(rawID, 10, 64)
	if err != nil || userID <= 0 {
		return 0, errUnauthorized("malformed X-Api-User-Id header: want a positive integer")
	}
	want, ok := tokenOf(userID)
	if !ok {
		return 0, newAPIError(http.StatusNotFound, KindUserNotFound, "user not found")
	}
	if subtle.ConstantTimeCompare([]byte(token), []byte(want)) != 1 {
		return 0, errUnauthorized("invalid token for user %d", userID)
	}
	return userID, nil
}
