/** The dashboard's shared UI parts: import from here, do not restyle per page. */
export { Button, ButtonLink, type ButtonVariant } from './Button.js';
export { Field, TextField, Select, Switch, useId } from './Field.js';
export { RoleSelect, type RoleChoice } from './RoleSelect.js';
export { CheckboxGroup, type CheckboxOption } from './CheckboxGroup.js';
export { fieldError, formError } from './formErrors.js';
export { Table, type Column } from './Table.js';
export { EmptyState, ErrorState, Loading, Skeleton } from './States.js';
export { Card, PageHeader, Badge } from './Card.js';
export { Modal, ConfirmDialog } from './Modal.js';
export { FormModal, useFormSubmit, type FormSubmit } from './FormModal.js';
export { SecretOnce } from './SecretOnce.js';
export { ToastProvider, useToast } from './Toast.js';
export { CopyField } from './CopyField.js';
export { Tabs } from './Tabs.js';
export { useLoad, type Loaded } from './useLoad.js';
export { Icon, type IconName } from './Icon.js';
export { formatDate, formatDateTime, formatShortDateTime, formatNumber } from './format.js';
export { loadGate, BackLink, type GateText } from './LoadGate.js';
