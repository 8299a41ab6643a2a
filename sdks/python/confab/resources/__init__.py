from .account import Account, AsyncAccount, AsyncEmail, Email
from .analytics import Analytics, AsyncAnalytics
from .chat import AsyncChat, AsyncChatMessages, AsyncChatSessions, Chat, ChatMessages, ChatSessions
from .chatbot_flow import AsyncChatbotFlow, AsyncChatbotFlowVersions, ChatbotFlow, ChatbotFlowVersions
from .chatbots import AsyncChatbots, Chatbots
from .model_connections import AsyncModelConnections, ModelConnections
from .knowledge import AsyncKnowledge, Knowledge
from .responses import AsyncResponses, Responses
from .usage import AsyncUsage, Usage
from .webhooks import AsyncWebhooks, Webhooks
from .workspace import AsyncWorkspace, Workspace

__all__ = [
    "Account", "AsyncAccount", "Email", "AsyncEmail", "Analytics", "AsyncAnalytics", "Chatbots", "AsyncChatbots",
    "ChatbotFlow", "AsyncChatbotFlow", "ChatbotFlowVersions", "AsyncChatbotFlowVersions",
    "Responses", "AsyncResponses", "Usage", "AsyncUsage", "Webhooks", "AsyncWebhooks",
    "ModelConnections", "AsyncModelConnections", "Knowledge", "AsyncKnowledge", "Workspace", "AsyncWorkspace",
    "Chat", "AsyncChat", "ChatSessions", "AsyncChatSessions", "ChatMessages", "AsyncChatMessages",
]
