// context=unity: stands in for the two UnityEngine types docs/unity.md's start-up hook names (Unity's assemblies are
// not on this machine), and a model type, so that the generator writes the registration the hook calls.
[assembly: Amber.AmberSerializable(typeof(ItemDef))]

public sealed class ItemDef { public string Name { get; set; } = ""; }

namespace UnityEngine
{
    public enum RuntimeInitializeLoadType { AfterSceneLoad, BeforeSceneLoad, AfterAssembliesLoaded, BeforeSplashScreen, SubsystemRegistration }

    [System.AttributeUsage(System.AttributeTargets.Method)]
    public sealed class RuntimeInitializeOnLoadMethodAttribute : System.Attribute
    {
        public RuntimeInitializeOnLoadMethodAttribute(RuntimeInitializeLoadType loadType) { }
    }
}
