package cmdtest

// PagesV3 are pages with a nested seo object and a null.
const PagesV3 = `[
{"id":5001,"site_id":7,"title":"Home","path":"/","url":"https://demo.example/","is_published":true,"is_home":true,"seo":{"title":"Demo","description":"d"},"created_at":"2024-01-15T09:30:00.000Z","updated_at":null},
{"id":5002,"site_id":7,"title":"Contacts \u001b[2J","path":"/contacts","url":"https://demo.example/contacts","is_published":false,"is_home":false,"seo":{},"created_at":"2024-03-01T10:00:00.000Z","updated_at":"2025-01-01T00:00:00Z"}
]`

// The site and page records are undocumented (spec 2.6): these bodies
// differ in shape on purpose. sitesV3 has more fields than a table has
// columns, nesting, nulls, a long name, a key only one record has and
// escape sequences in keys and values.
const SitesV3 = `[
{"id":1,"name":"Demo shop","domain":"demo.example","url":"https://demo.example","is_published":true,"owner_id":1,"role":"owner","page_count":3,
 "settings":{"language":"ru","currency":"RUB"},"created_at":"2024-01-15T09:30:00.000Z","updated_at":null},
{"id":2,"name":"\u001b]0;owned\u0007A site with a very long name that goes on and on and on and does not stop\u001b[5m","domain":"x\u009b2Jlong.example","url":null,
 "is_published":false,"owner_id":7,"role":"viewer","page_count":0,"settings":{},"created_at":"2024-02-01T00:00:00.000Z","updated_at":null,"only_here":[1,2,3]}
]`
