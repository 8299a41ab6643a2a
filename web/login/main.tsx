/** @jsxImportSource preact */
/** Entry of public/login.js: renders the sign-in page the server named in the page data. */
import { render, type FunctionComponent } from 'preact';
import './page.css';
import './login.css';
import { readPageData, workspaceOf, type PageData, type PageKind } from './pageData.js';
import { InvitePage } from './pages/InvitePage.js';
import { LoginPage } from './pages/LoginPage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { SignupPage } from './pages/SignupPage.js';
import { TokenActionPage } from './pages/TokenActionPage.js';

const MagicLinkPage = ({ data }: { data: PageData }) => (
  <TokenActionPage
    data={data}
    title="Sign in with your link"
    subtitle={`Continue to ${workspaceOf(data) ?? 'your workspace'}.`}
    button="Sign in"
    endpoint="/auth/magic-link/verify"
  />
);

const SignupConfirmPage = ({ data }: { data: PageData }) => (
  <TokenActionPage
    data={data}
    title="Confirm your email"
    subtitle="One click and your workspace is ready."
    button="Confirm and sign in"
    endpoint="/auth/signup/confirm"
  />
);

const PAGES: Record<PageKind, FunctionComponent<{ data: PageData }>> = {
  login: LoginPage,
  magic: MagicLinkPage,
  signup: SignupPage,
  signupConfirm: SignupConfirmPage,
  invite: InvitePage,
  notFound: NotFoundPage,
};

const data = readPageData();
const root = document.getElementById('app');
if (root) {
  const Page = PAGES[data.page] ?? NotFoundPage;
  root.textContent = '';
  render(<Page data={data} />, root);
}
