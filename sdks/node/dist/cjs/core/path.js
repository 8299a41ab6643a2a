"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.pathOf = pathOf;
/**
 * Paths built from ids. Each id is escaped, so it can never reach another endpoint, and an id
 * that cannot name anything is refused before sending: an empty one would turn
 * `chatbots.retrieve(id)` into the list request, and `.` or `..` are resolved away by the URL
 * (`responses.retrieve(botId, '..')` would fetch the chatbot instead).
 */
const errors_js_1 = require("./errors.js");
function describe(value) {
    return typeof value === 'string' ? JSON.stringify(value) : value === null ? 'null' : typeof value;
}
/** pathOf`/chatbots/${id}/responses`: the path with each id checked and escaped. */
function pathOf(strings, ...ids) {
    ids.forEach((id, i) => {
        if (typeof id !== 'string' || id === '' || id === '.' || id === '..') {
            const template = strings.join('{…}');
            throw new errors_js_1.InvalidArgumentError(`Id ${i + 1} of ${template} must be a non-empty string other than "." and "..", got ${describe(id)}`);
        }
    });
    return strings.reduce((out, s, i) => out + s + (i < ids.length ? encodeURIComponent(ids[i]) : ''), '');
}
