/**
 * One field's problem in a refused request: the dotted path of the field in the request body
 * (`rules.capacity`, `welcome.heading`) and what is wrong with it. The server's error answer
 * carries a list of these (src/server/http/error-answer.ts) so a form can show each beside its
 * field (src/web/lib/form-kit.ts).
 */
export interface FieldIssue {
  path: string;
  message: string;
}
