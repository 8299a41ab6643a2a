"""The SDK against the OpenAPI document the running service serves (GET /api/v1/openapi.json):
every External API operation, and the workspace operations the SDK covers, is sent by exactly
one method, with the document's HTTP method and path and every query parameter and body field
the operation takes (under its camelCase name) and no other; every method of every resource is
in that list, with every parameter it has; the External API's resources have exactly the names
the SDK reference gives (docs/sdks.md); and each method's return type has the fields the document's answer has."""

from __future__ import annotations

import inspect
import sys
import typing
from typing import Any, Dict, List, Tuple
from urllib.parse import unquote

import httpx
import pytest

from confab import Confab
from confab.cursor_pagination import SyncCursorPage
from confab._response_export import ResponseExport
from confab.pagination import SyncPage
from confab.resources._resource import SyncAPIResource

EXTERNAL = "/api/v1/external/v1"
# The four workspace branding endpoints and the branding and organization endpoints
# (docs/branding.md); the media gallery (multipart) is not in the SDK.
WORKSPACE_PATHS = {
    "/api/v1/workspace/check-slug/{slug}", "/api/v1/workspace/slug", "/api/v1/workspace/public/branding/{slug}",
    "/api/v1/workspace/ad-analytics", "/api/v1/workspace/branding", "/api/v1/workspace/organization",
}
FLOW = {"steps": [{"type": "message", "text": "t"}]}
# Each method with every parameter it has; ids are the document's path templates.
CALLS: List[Tuple[str, tuple, Dict[str, Any]]] = [
    ("chatbots.list", (), {}),
    ("chatbots.retrieve", ("{id}",), {}),
    ("chatbots.create", (), {"name": "n", "description": "d", "flow": FLOW}),
    ("chatbots.update", ("{id}",), {"name": "n", "description": "d", "disabled": True, "flow": FLOW}),
    ("chatbots.delete", ("{id}",), {}),
    ("chatbots.duplicate", ("{id}",), {}),
    ("chatbots.funnel", ("{id}",), {"version": 2, "days": 7}),
    ("chatbots.agent.get", ("{id}",), {}),
    ("chatbots.agent.update", ("{id}",), {"name": "Ava", "instructions": "Be brief.", "connection_id": "c1", "model": "m", "temperature": 0.2, "max_output_tokens": 300, "greeting": "Hi", "handoff": {"maxTurns": 10}, "knowledge": {"sourceIds": ["s1"]}}),
    ("chatbots.agent.delete", ("{id}",), {}),
    ("chatbots.agent.analytics", ("{id}",), {"start_date": "2026-01-01", "end_date": "2026-01-31"}),
    ("chatbots.agent.preview", ("{id}",), {"messages": [{"role": "user", "text": "Hi"}], "agent": {"name": "Ava", "instructions": "Be brief.", "connectionId": "c1"}}),
    ("chatbots.flow.get", ("{id}",), {}),
    ("chatbots.flow.update", ("{id}", {"start": "a", "steps": [{"id": "a", "type": "end"}]}), {}),
    ("chatbots.flow.publish", ("{id}",), {"version": 1}),
    ("chatbots.flow.signing_secret", ("{id}",), {}),
    ("chatbots.flow.simulate", ("{id}",), {"limit": 10, "start_date": "2026-01-01", "end_date": "2026-01-31"}),
    ("chatbots.flow.versions.list", ("{id}",), {}),
    ("chatbots.flow.versions.retrieve", ("{id}", "{version}"), {}),
    ("chatbots.flow.versions.diff", ("{id}", "{version}"), {"against": 1}),
    ("responses.list", ("{id}",), {"page": 1, "limit": 5, "start_date": "2026-01-01", "end_date": "2026-01-31"}),
    ("responses.retrieve", ("{id}", "{responseId}"), {}),
    ("responses.provenance", ("{id}", "{responseId}"), {}),
    ("responses.export", ("{id}",), {"format": "ndjson", "start_date": "2026-01-01", "end_date": "2026-01-31"}),
    ("analytics.retrieve", ("{id}",), {"days": 7}),
    ("webhooks.list", (), {}),
    ("webhooks.create", (), {"chatbot_id": "b", "url": "https://x.example", "events": ["response.created"], "description": "d"}),
    ("webhooks.update", ("{id}",), {"url": "https://x.example", "events": ["response.created"], "description": "d", "status": "paused"}),
    ("webhooks.delete", ("{id}",), {}),
    ("model_connections.list", (), {}),
    ("model_connections.create", (), {"name": "n", "base_url": "https://api.example.com/v1", "api_key": "k", "chat_model": "m", "embedding_model": "e"}),
    ("model_connections.retrieve", ("{id}",), {}),
    ("model_connections.update", ("{id}",), {"name": "n", "base_url": "https://api.example.com/v1", "api_key": "k", "chat_model": "m", "embedding_model": None}),
    ("model_connections.delete", ("{id}",), {}),
    ("model_connections.test", ("{id}",), {}),
    ("knowledge.sources.list", (), {}),
    ("knowledge.sources.create", (), {"type": "url", "title": "t", "text": "x", "url": "https://shop.example/", "sitemap": False}),
    ("knowledge.sources.retrieve", ("{id}",), {}),
    ("knowledge.sources.delete", ("{id}",), {}),
    ("knowledge.sources.reindex", ("{id}",), {}),
    ("knowledge.evaluation.questions.list", (), {}),
    ("knowledge.evaluation.questions.create", (), {"question": "q", "expected_source_ids": ["s1"], "expected_facts": ["f"]}),
    ("knowledge.evaluation.questions.delete", ("{id}",), {}),
    ("knowledge.evaluation.runs.create", (), {"chatbot_id": "b1", "k": 5}),
    ("knowledge.evaluation.runs.list", (), {}),
    ("knowledge.evaluation.runs.retrieve", ("{id}",), {}),
    ("knowledge.unanswered.list", (), {"chatbot_id": "b1", "start_date": "2026-01-01", "end_date": "2026-01-31", "limit": 10, "cursor": "c"}),
    ("account.retrieve", (), {}),
    ("account.update", (), {"name": "n", "phone": None, "date_of_birth": None, "address": None, "timezone": "UTC"}),
    ("account.email.request_change", (), {"new_email": "a@example.com"}),
    ("account.email.verify_identity", (), {"new_email": "a@example.com", "otp": "123456"}),
    ("account.email.confirm_change", (), {"new_email": "a@example.com", "otp": "123456"}),
    ("usage.retrieve", (), {}),
    ("usage.ai", (), {}),
    ("workspace.slug.check", ("{slug}",), {}),
    ("workspace.slug.update", (), {"slug": "s"}),
    ("workspace.branding.retrieve", (), {}),
    ("workspace.branding.update", (), {"display_name": "d", "login_logo": None, "company_logo": None, "primary_color": "#000000",
                                       "secondary_color": "#ffffff", "tagline": "t", "display": {"fit": "cover"}}),
    ("workspace.branding.retrieve_public", ("{slug}",), {}),
    ("workspace.organization.update", (), {"description": "d", "website": None, "industry": None, "company_size": None, "country": None, "timezone": None}),
    ("workspace.ad_analytics.retrieve", (), {}),
]
# The External API's resources and their methods, in snake_case (docs/sdks.md).
EXTERNAL_API_METHODS = {
    "chatbots.list", "chatbots.retrieve", "chatbots.create", "chatbots.update", "chatbots.delete", "chatbots.duplicate",
    "chatbots.funnel", "chatbots.flow.get", "chatbots.flow.update", "chatbots.flow.publish", "chatbots.flow.signing_secret",
    "chatbots.flow.simulate", "chatbots.agent.get", "chatbots.agent.update", "chatbots.agent.delete", "chatbots.agent.preview",
    "chatbots.agent.analytics",
    "chatbots.flow.versions.list", "chatbots.flow.versions.retrieve", "chatbots.flow.versions.diff",
    "responses.list", "responses.retrieve", "responses.provenance", "responses.export", "analytics.retrieve", "webhooks.list", "webhooks.create", "webhooks.update", "webhooks.delete",
    "model_connections.list", "model_connections.create", "model_connections.retrieve", "model_connections.update",
    "model_connections.delete", "model_connections.test",
    "knowledge.sources.list", "knowledge.sources.create", "knowledge.sources.retrieve", "knowledge.sources.delete",
    "knowledge.sources.reindex", "knowledge.evaluation.questions.list", "knowledge.evaluation.questions.create",
    "knowledge.evaluation.questions.delete", "knowledge.evaluation.runs.create", "knowledge.evaluation.runs.list",
    "knowledge.evaluation.runs.retrieve",
    "knowledge.sources.reindex", "knowledge.unanswered.list",
    "account.retrieve", "account.update", "account.email.request_change", "account.email.verify_identity", "account.email.confirm_change",
    "usage.retrieve", "usage.ai",
}


@pytest.fixture(scope="module")
def doc(service) -> Dict[str, Any]:
    answer = httpx.get(f"{service.base_url}/openapi.json", timeout=60)
    assert answer.status_code == 200
    return answer.json()


def deref(doc: Dict[str, Any], value: Dict[str, Any]) -> Dict[str, Any]:
    while isinstance(value, dict) and "$ref" in value:
        node: Any = doc
        for part in value["$ref"][2:].split("/"):
            node = node[part]
        value = node
    return value


def operations(doc: Dict[str, Any]) -> Dict[str, Dict[str, Any]]:
    """``"GET /api/v1/…": operation`` for the SDK's part of the document."""
    return {
        f"{method.upper()} {path}": op
        for path, item in doc["paths"].items() if path.startswith(EXTERNAL) or path in WORKSPACE_PATHS
        for method, op in item.items() if method in ("get", "post", "put", "patch", "delete")
    }


def resolve(client: Confab, name: str) -> Any:
    target: Any = client
    for part in name.split("."):
        target = getattr(target, part)
    return target


def sdk_methods(resource: object, prefix: str = "") -> List[str]:
    """``chatbots.list``, ``account.email.request_change``, …: every method of every resource."""
    out: List[str] = []
    for name, value in vars(resource).items():
        if isinstance(value, SyncAPIResource):
            own = [m for m, f in vars(type(value)).items() if not m.startswith("_") and callable(f)]
            out += [f"{prefix}{name}.{m}" for m in own] + sdk_methods(value, f"{prefix}{name}.")
    return out


def sent_by_each_method() -> List[Tuple[str, str, httpx.Request]]:
    """Each method of CALLS called once against a scripted transport: its name, the operation it
    sent ("METHOD /path/{template}") and the request."""
    sent: List[httpx.Request] = []

    def answer(req: httpx.Request) -> httpx.Response:
        sent.append(req)
        if req.method == "DELETE" and "/evaluation/" in req.url.path:
            return httpx.Response(204)  # deleting an evaluation question answers no body
        return httpx.Response(200, json={"data": [], "message": "ok", "total": 0, "page": int(req.url.params.get("page", 1)), "totalPages": 0})

    client = Confab(api_key="k", base_url="http://api.test/api/v1", http_client=httpx.Client(transport=httpx.MockTransport(answer)))
    out: List[Tuple[str, str, httpx.Request]] = []
    for name, args, kwargs in CALLS:
        before = len(sent)
        result = resolve(client, name)(*args, **kwargs)
        if isinstance(result, ResponseExport):
            list(result)  # a file is requested when reading starts
        assert len(sent) == before + 1, f"{name} sends one request"
        out.append((name, f"{sent[-1].method} {unquote(sent[-1].url.raw_path.split(b'?')[0].decode())}", sent[-1]))
    return out


def test_each_method_sends_one_served_operation_with_all_its_parameters_and_no_others(doc: Dict[str, Any]) -> None:
    expected = operations(doc)
    called: Dict[str, str] = {}
    for name, op, req in sent_by_each_method():
        assert op in expected, f"{name} sends {op}, which the service does not serve"
        assert op not in called, f"{name} and {called.get(op)} both send {op}"
        called[op] = name
        schema = deref(doc, expected[op].get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {}))
        query = sorted(p["name"] for p in (deref(doc, p) for p in expected[op].get("parameters", [])) if p["in"] == "query")
        assert sorted(req.url.params.keys()) == query, f"{name}: query parameters"
        body = httpx.Response(200, content=req.content).json() if req.content else {}
        if "requestBody" in expected[op] and "properties" not in schema:
            # A free-form object (a whole flow) is sent as the caller gives it.
            assert body, f"{name}: sends the body it is given"
        else:
            assert sorted(body) == sorted(schema.get("properties", {})), f"{name}: body fields"
    assert sorted(set(expected) - set(called)) == [], "operations without an SDK method"


# The visitor chat API is not in the SDK's share of the document (it is public, beside the
# External API); its methods are tested against the service itself (test_chat.py).
CHAT_METHODS = {"chat.sessions.create", "chat.sessions.escalate", "chat.sessions.end", "chat.messages.send", "chat.messages.stream"}


# Parameters of a multipart upload, not JSON body fields: tested against the service (test_knowledge.py).
FORM_ONLY = {"knowledge.sources.create": {"file", "filename"}}


def test_every_method_is_listed_with_every_parameter_and_the_names_are_the_contracts() -> None:
    client = Confab(api_key="k")
    every = sdk_methods(client)
    assert {m for m in every if m.startswith("chat.")} == CHAT_METHODS
    methods = [m for m in every if not m.startswith("chat.")]
    assert sorted(methods) == sorted(name for name, _, _ in CALLS)
    assert {m for m in methods if not m.startswith("workspace.")} == EXTERNAL_API_METHODS
    for name, args, kwargs in CALLS:
        params = [
            p.name for p in inspect.signature(resolve(client, name)).parameters.values()
            if p.kind is not p.VAR_KEYWORD and p.name not in FORM_ONLY.get(name, set())
        ]
        assert (len(params[: len(args)]), set(params[len(args):])) == (len(args), set(kwargs)), f"{name}: every parameter is exercised"


def _optional(tp: Any) -> Tuple[Any, bool]:
    if typing.get_origin(tp) is typing.Union and type(None) in typing.get_args(tp):
        rest = [a for a in typing.get_args(tp) if a is not type(None)]
        return (rest[0] if len(rest) == 1 else typing.Union[tuple(rest)]), True
    return tp, False


def _compare(doc: Dict[str, Any], tp: Any, schema: Dict[str, Any], where: str, problems: List[str]) -> None:
    schema = deref(doc, schema)
    tp, nullable = _optional(tp)
    if nullable != bool(schema.get("nullable")):
        problems.append(f"{where}: nullable in the document {bool(schema.get('nullable'))}, in the type {nullable}")
    if schema.get("type") == "array":
        if typing.get_origin(tp) is not list:
            return problems.append(f"{where}: the document has an array, the type {tp}")
        return _compare(doc, typing.get_args(tp)[0], schema["items"], f"{where}[]", problems)
    if schema.get("type") == "object" and "properties" in schema:
        if not typing.is_typeddict(tp):
            return problems.append(f"{where}: the document has an object, the type {tp}")
        hints, props = typing.get_type_hints(tp), schema["properties"]
        if set(hints) != set(props):
            problems.append(f"{where}: only in the document {sorted(set(props) - set(hints))}, only in the type {sorted(set(hints) - set(props))}")
        # Never looser than the document: a field it always sends is not typed as maybe missing.
        if set(schema.get("required", [])) - tp.__required_keys__:
            problems.append(f"{where}: required in the document but optional in the type: {sorted(set(schema['required']) - tp.__required_keys__)}")
        for key in set(hints) & set(props):
            _compare(doc, hints[key], props[key], f"{where}.{key}", problems)


def test_return_types_have_the_fields_of_the_documented_answers(doc: Dict[str, Any]) -> None:
    expected = operations(doc)
    client = Confab(api_key="k")
    problems: List[str] = []
    for name, op, _ in sent_by_each_method():
        fn = resolve(client, name)
        # The annotation is a string (from __future__ import annotations) in the method's module.
        returned = eval(fn.__func__.__annotations__["return"], {**vars(typing), **vars(sys.modules[fn.__func__.__module__])})
        responses = expected[op]["responses"]
        success = deref(doc, next(v for k, v in responses.items() if k.startswith("2")))
        if "content" not in success:  # a 204: the method answers None
            if returned not in (None, type(None)):
                problems.append(f"{name}: the answer has no body, so the method returns None")
            continue
        if "application/json" not in success.get("content", {}):
            continue  # a file (responses.export): read as lines, tested in test_responses.py
        schema = deref(doc, success["content"]["application/json"]["schema"])
        if typing.get_origin(returned) is SyncPage:
            assert {"data", "total", "page", "totalPages"} <= set(schema["properties"]), name
            returned, schema = List[typing.get_args(returned)[0]], schema["properties"]["data"]  # type: ignore[valid-type]
        elif typing.get_origin(returned) is SyncCursorPage:
            assert {"data", "nextCursor"} <= set(schema["properties"]), name
            returned, schema = List[typing.get_args(returned)[0]], schema["properties"]["data"]  # type: ignore[valid-type]
        elif typing.is_typeddict(returned) and "data" in typing.get_type_hints(returned):
            pass  # returned whole: the data with what the answer carries beside it (a saved flow's warnings)
        elif op.split(" ")[1].startswith(EXTERNAL) and not op.startswith("DELETE"):
            schema = deref(doc, schema["properties"]["data"])
        _compare(doc, returned, schema, name, problems)
    assert problems == []
